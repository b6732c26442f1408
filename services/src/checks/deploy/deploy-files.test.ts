import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../platform/config/config';
import { TrustedProxies } from '../../platform/http/client-address';

// There is no Docker engine where the tests run, so the deployment files are checked against what the
// shop actually reads: its configuration variables, its port, DATA_DIR, and the README's commands.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = (path: string) => parse(read(path), { merge: true }) as ComposeFile;

/** The environment a service would get, with `${VAR:-default}` left at its default and `${VAR:?}` set. */
function resolvedEnvironment(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      String(value).replace(/\$\{[A-Z_]+(:-([^}]*)|:\?[^}]*)\}/g, (_, __, fallback) =>
        fallback === undefined ? 'x'.repeat(40) : fallback,
      ),
    ]),
  );
}

const esdbHosts = (url: string) =>
  url
    .replace(/^esdb(\+discover)?:\/\//, '')
    .split(/[?/]/)[0]!
    .split(',')
    .map((hostPort) => {
      const [host, port] = hostPort.split(':');
      return { host: host!, port: Number(port ?? 2113) };
    });

const mounts = (service: ComposeService) =>
  (service.volumes ?? []).map((volume) => {
    const [source, target] = volume.split(':');
    return { source: source!, target: target! };
  });

function checkShopService(file: ComposeFile, name: string) {
  const service = file.services[name]!;
  const env = resolvedEnvironment(service);
  expect(Object.keys(env).filter((key) => !(CONFIG_VARIABLES as string[]).includes(key))).toEqual([]);
  const config = loadConfig(env);
  expect(config.EVENT_STORE).toBe('esdb');
  for (const { host, port } of esdbHosts(config.ESDB_URL!)) {
    const node = file.services[host];
    expect(node, `ESDB_URL names ${host}, which is not a service`).toBeDefined();
    expect(node!.image).toMatch(/^eventstore\//);
    expect(Number(node!.environment?.EVENTSTORE_NODE_PORT ?? 2113)).toBe(port);
    expect(node!.environment?.EVENTSTORE_RUN_PROJECTIONS).toBe('None');
    expect(node!.healthcheck).toBeDefined();
    expect(service.depends_on).toMatchObject({ [host]: { condition: 'service_healthy' } });
  }
  const dataMount = mounts(service).find((mount) => mount.target === config.DATA_DIR);
  expect(dataMount, `a volume mounted at DATA_DIR (${config.DATA_DIR})`).toBeDefined();
  expect(file.volumes).toHaveProperty(dataMount!.source);
  return { service, config };
}

describe('docker-compose.yml', () => {
  const file = compose('docker-compose.yml');

  it('runs the shop against the EventStoreDB service, with only variables the shop reads', () => {
    const { service, config } = checkShopService(file, 'shop');
    expect(service.build).toBe('.');
    // Nothing in front of it: no one's X-Forwarded-For is believed unless the operator says so.
    expect(config.TRUSTED_PROXIES).toBe('');
    expect(service.ports?.map((port) => Number(port.split(':').at(-1)))).toEqual([config.PORT]);
  });

  it('keeps the event data on a volume, and EventStoreDB is a single insecure node', () => {
    const eventstore = file.services.eventstore!;
    expect(eventstore.environment).toMatchObject({
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_INSECURE: 'true',
    });
    const data = mounts(eventstore).find((mount) => mount.target === '/var/lib/eventstore');
    expect(file.volumes).toHaveProperty(data!.source);
  });
});

describe('docker-compose.yml, profile postgres', () => {
  const file = compose('docker-compose.yml');
  const shops = ['shop-pg-1', 'shop-pg-2', 'shop-pg-3'];
  const serviceOf = (name: string) =>
    file.services[name] as ComposeService & { profiles?: string[]; command?: string[] };

  it('runs three shops on the PostgreSQL service, each with its own DATA_DIR, sharing uploads and one secret', () => {
    const dataVolumes = new Set<string>();
    for (const name of shops) {
      const service = serviceOf(name);
      expect(service.profiles).toEqual(['postgres']);
      const env = resolvedEnvironment(service);
      expect(Object.keys(env).filter((key) => !(CONFIG_VARIABLES as string[]).includes(key))).toEqual([]);
      const config = loadConfig(env);
      expect(config.EVENT_STORE).toBe('postgres');
      const host = new URL(config.POSTGRES_URL!).hostname;
      expect(serviceOf(host).image).toMatch(/^postgres:/);
      expect(serviceOf(host).profiles).toEqual(['postgres']);
      expect(serviceOf(host).healthcheck).toBeDefined();
      expect(service.depends_on).toMatchObject({ [host]: { condition: 'service_healthy' } });
      const volumes = mounts(service);
      const data = volumes.find((mount) => mount.target === config.DATA_DIR)!;
      dataVolumes.add(data.source);
      expect(volumes).toContainEqual({ source: 'shop-pg-uploads', target: config.UPLOADS_DIR });
      expect(volumes).toContainEqual({ source: 'shop-pg-secrets', target: '/secrets' });
      expect(service.command?.join(' ')).toContain('JWT_SECRET=$$(cat /secrets/jwt-secret)');
      for (const volume of volumes) expect(file.volumes).toHaveProperty(volume.source);
    }
    expect(dataVolumes.size).toBe(3);
    expect(mounts(serviceOf('shop-pg-secret'))).toContainEqual({
      source: 'shop-pg-secrets',
      target: '/secrets',
    });
    expect(serviceOf('shop-pg-secret').command?.join(' ')).toContain("'/secrets/jwt-secret'");
  });

  it('puts the three behind nginx on their PORT, and leaves the default `docker compose up` as it was', () => {
    const nginx = read('deploy/postgres/nginx.conf');
    for (const name of shops) {
      expect(nginx).toContain(`server ${name}:${loadConfig(resolvedEnvironment(serviceOf(name))).PORT}`);
    }
    expect(mounts(serviceOf('shop-pg-proxy')).map((mount) => mount.source)).toContain(
      './deploy/postgres/nginx.conf',
    );
    const always = Object.keys(file.services).filter((name) => !serviceOf(name).profiles);
    expect(always.sort()).toEqual(['eventstore', 'shop']);
  });
});

describe('deploy/cluster/docker-compose.yml', () => {
  const file = compose('deploy/cluster/docker-compose.yml');
  const shops = ['shop-1', 'shop-2'];

  it('runs two shops against three EventStoreDB nodes, sharing uploads and the signing secret', () => {
    const nodes = Object.keys(file.services).filter((name) =>
      file.services[name]!.image?.startsWith('eventstore/'),
    );
    expect(nodes).toHaveLength(3);
    for (const name of shops) {
      const { service, config } = checkShopService(file, name);
      expect(
        esdbHosts(config.ESDB_URL!)
          .map((node) => node.host)
          .sort(),
      ).toEqual(nodes.sort());
      expect(service.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(mounts(service)).toContainEqual({ source: 'uploads', target: `${config.DATA_DIR}/uploads` });
    }
  });

  it('puts the two shops behind nginx on their PORT', () => {
    const nginx = read('deploy/cluster/nginx.conf');
    for (const name of shops) {
      const port = loadConfig(resolvedEnvironment(file.services[name]!)).PORT;
      expect(nginx).toContain(`server ${name}:${port}`);
    }
    expect(mounts(file.services.proxy!).map((mount) => mount.source)).toContain('./nginx.conf');
  });

  it("trusts nginx's fixed address, and only it, for the client's address", () => {
    const proxy = file.services.proxy as ComposeService & {
      networks?: { default?: { ipv4_address?: string } };
    };
    const proxyAddress = proxy.networks?.default?.ipv4_address;
    expect(proxyAddress).toBeDefined();
    const network = (
      parse(read('deploy/cluster/docker-compose.yml')) as {
        networks?: { default?: { ipam?: { config?: { subnet?: string; ip_range?: string }[] } } };
      }
    ).networks?.default?.ipam?.config?.[0];
    const dynamic = TrustedProxies.parse(network?.ip_range);
    expect(TrustedProxies.parse(network?.subnet).trusts(proxyAddress!)).toBe(true);
    expect(dynamic.trusts(proxyAddress!), 'the proxy address is outside the range others get').toBe(false);
    for (const name of shops) {
      const trusted = TrustedProxies.parse(
        loadConfig(resolvedEnvironment(file.services[name]!)).TRUSTED_PROXIES,
      );
      expect(trusted.trusts(proxyAddress!)).toBe(true);
      expect(trusted.trusts('172.28.0.200'), 'another container on the network').toBe(false);
    }
    expect(read('deploy/cluster/nginx.conf')).toContain(
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    );
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const [buildStage = '', runtimeStage = ''] = dockerfile.split(/^FROM .* AS runtime$/m);

  it("builds with the README's commands and starts what `npm start` starts", () => {
    const startLine = /^npm install && npm start$/m;
    expect(read('README.md')).toMatch(startLine);
    expect(buildStage).toMatch(/^RUN npm install --no-audit --no-fund$/m);
    // `npm start` builds what is not built with `npm run build`, then starts the built server.
    expect(read('scripts/start.mjs')).toContain("buildArgs: ['run', 'build']");
    expect(buildStage).toMatch(/^RUN npm run build$/m);
    expect(read('scripts/start.mjs')).toContain("'services/dist/main.js'");
    expect(dockerfile).toMatch(/^CMD \["node", "services\/dist\/main.js"\]$/m);
  });

  it('runs with production dependencies only, as a non-root user, checking /health/ready', () => {
    expect(runtimeStage).toMatch(/^RUN npm install --omit=dev /m);
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(runtimeStage).toMatch(/^HEALTHCHECK [\s\S]*\/health\/ready/m);
    expect(runtimeStage).toMatch(/DATA_DIR=\/data/);
    expect(compose('docker-compose.yml').services.shop!.environment?.DATA_DIR).toBe('/data');
  });

  it('needs nothing at run time that --omit=dev leaves out', async () => {
    const manifest = JSON.parse(read('services/package.json')) as { dependencies: Record<string, string> };
    const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@shop/'));
    const result = await build({
      entryPoints: [`${root}services/src/main.ts`, `${root}services/src/cli.ts`],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      outdir: '/tmp/deploy-files-check',
      metafile: true,
      logLevel: 'silent',
      external: [...external, ...external.map((name) => `${name}/*`)],
    });
    const imported = new Set(
      Object.values(result.metafile.outputs).flatMap((output) =>
        output.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path),
      ),
    );
    const packageOf = (path: string) =>
      path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
    expect([...imported].map(packageOf).filter((name) => !external.includes(name))).toEqual([]);
    expect(imported.size).toBeGreaterThan(0);
  });
});
