// Renders the demo catalogue's images: one stylised SVG per product (the garment's silhouette in the
// product's colour on a soft gradient), turned into WebP by sharp at display size and as a
// thumbnail. Run once after changing demo-products.json; the output is committed, so the shop never
// needs the network (or this script) at run time.
//   node services/scripts/make-demo-images.mjs
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const products = JSON.parse(
  readFileSync(new URL('../src/slices/catalogue/demo-products.json', import.meta.url), 'utf8'),
);
const outDir = fileURLToPath(new URL('../assets/demo-images/', import.meta.url));
const DISPLAY = 800;
const THUMBNAIL = 400;

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function shade(hex, amount) {
  const target = amount > 0 ? 255 : 0;
  const mix = (i) => {
    const channel = Number.parseInt(hex.slice(i, i + 2), 16);
    return Math.round(channel + (target - channel) * Math.abs(amount))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

// Each shape: `fit` [scale, centre y] to fill the frame, `body` paths filled with the colour (and a sheen on top), `trim` paths in a darker
// shade, `lines` stroked details. All in an 800 x 800 box, centred around x = 400.
const shapes = {
  leggings: {
    body: [
      'M282 140 Q400 128 518 140 L526 210 L566 688 Q534 702 500 694 L418 330 Q400 316 382 330 L300 694 Q266 702 234 688 L274 210 Z',
    ],
    trim: ['M282 140 Q400 128 518 140 L523 196 Q400 184 277 196 Z'],
    lines: ['M400 198 L400 318', 'M292 250 Q300 470 262 680', 'M508 250 Q500 470 538 680'],
  },
  bikeshorts: {
    fit: [1.3, 380],
    body: [
      'M270 210 Q400 198 530 210 L548 290 L574 540 Q530 556 486 548 L414 372 Q400 360 386 372 L314 548 Q270 556 226 540 L252 290 Z',
    ],
    trim: ['M270 210 Q400 198 530 210 L534 270 Q400 258 266 270 Z'],
    lines: ['M400 272 L400 362', 'M262 330 Q262 440 238 536', 'M538 330 Q538 440 562 536'],
  },
  bra: {
    fit: [1.45, 360],
    body: [
      'M300 190 Q318 180 336 190 Q352 300 400 322 Q448 300 464 190 Q482 180 500 190 Q528 300 530 420 L530 480 Q400 520 270 480 L270 420 Q272 300 300 190 Z',
    ],
    trim: ['M270 432 Q400 470 530 432 L530 488 Q400 526 270 488 Z'],
    lines: [
      'M336 200 Q360 320 400 334',
      'M464 200 Q440 320 400 334',
      'M300 330 Q330 410 400 420 Q470 410 500 330',
    ],
  },
  tee: {
    body: [
      'M292 168 Q400 212 508 168 L626 232 L584 346 L530 318 L532 664 Q400 680 268 664 L270 318 L216 346 L174 232 Z',
    ],
    trim: ['M336 172 Q400 232 464 172 Q400 206 336 172 Z'],
    lines: ['M270 318 L292 176', 'M530 318 L508 176', 'M284 640 Q400 654 516 640'],
  },
  tank: {
    body: [
      'M318 150 Q400 272 482 150 L504 150 Q508 262 548 320 L548 664 Q400 680 252 664 L252 320 Q292 262 296 150 Z',
    ],
    trim: ['M296 150 L318 150 Q400 272 482 150 L504 150 Q400 300 296 150 Z'],
    lines: ['M266 640 Q400 654 534 640'],
  },
  longsleeve: {
    body: [
      'M292 168 Q400 212 508 168 L600 218 L654 566 L600 582 L542 338 L536 664 Q400 680 264 664 L258 338 L200 582 L146 566 L200 218 Z',
    ],
    trim: [
      'M336 172 Q400 232 464 172 Q400 206 336 172 Z',
      'M146 566 L200 582 L206 556 L152 540 Z',
      'M654 566 L600 582 L594 556 L648 540 Z',
    ],
    lines: ['M258 338 L284 182', 'M542 338 L516 182'],
  },
  halfzip: {
    body: [
      'M292 168 Q400 196 508 168 L600 218 L654 566 L600 582 L542 338 L536 664 Q400 680 264 664 L258 338 L200 582 L146 566 L200 218 Z',
    ],
    trim: [
      'M330 150 Q400 168 470 150 L476 196 Q400 214 324 196 Z',
      'M146 566 L200 582 L206 556 L152 540 Z',
      'M654 566 L600 582 L594 556 L648 540 Z',
    ],
    lines: ['M400 200 L400 380', 'M258 338 L284 182', 'M542 338 L516 182'],
  },
  hoodie: {
    back: ['M318 196 Q294 84 400 72 Q506 84 482 196 Q400 246 318 196 Z'],
    body: [
      'M290 184 Q400 230 510 184 L604 226 L662 580 L604 598 L548 344 L544 650 Q400 668 256 650 L252 344 L196 598 L138 580 L196 226 Z',
    ],
    trim: [
      'M310 500 L490 500 L522 600 L278 600 Z',
      'M256 624 Q400 642 544 624 L544 664 Q400 682 256 664 Z',
      'M138 580 L196 598 L202 568 L144 552 Z',
      'M662 580 L604 598 L598 568 L656 552 Z',
    ],
    lines: ['M372 214 L366 320', 'M428 214 L434 320', 'M252 344 L278 196', 'M548 344 L522 196'],
  },
  zip: {
    back: ['M318 196 Q294 84 400 72 Q506 84 482 196 Q400 246 318 196 Z'],
    body: [
      'M290 184 Q400 230 510 184 L604 226 L662 580 L604 598 L548 344 L544 650 Q400 668 256 650 L252 344 L196 598 L138 580 L196 226 Z',
    ],
    trim: [
      'M256 624 Q400 642 544 624 L544 664 Q400 682 256 664 Z',
      'M138 580 L196 598 L202 568 L144 552 Z',
      'M662 580 L604 598 L598 568 L656 552 Z',
    ],
    lines: [
      'M400 214 L400 660',
      'M300 470 L330 560',
      'M500 470 L470 560',
      'M252 344 L278 196',
      'M548 344 L522 196',
    ],
  },
  shorts: {
    fit: [1.3, 390],
    body: [
      'M262 232 Q400 220 538 232 L572 540 Q512 560 452 546 L412 392 Q400 382 388 392 L348 546 Q288 560 228 540 Z',
    ],
    trim: ['M262 232 Q400 220 538 232 L542 284 Q400 272 258 284 Z'],
    lines: [
      'M400 286 L400 382',
      'M384 288 L376 336',
      'M416 288 L424 336',
      'M236 500 L260 440',
      'M564 500 L540 440',
    ],
  },
  bottle: {
    body: [
      'M330 262 H470 A34 34 0 0 1 504 296 V660 A44 44 0 0 1 460 704 H340 A44 44 0 0 1 296 660 V296 A34 34 0 0 1 330 262 Z',
    ],
    trim: [
      'M346 178 H454 A12 12 0 0 1 466 190 V262 H334 V190 A12 12 0 0 1 346 178 Z',
      'M296 430 H504 V520 H296 Z',
    ],
    lines: ['M372 178 Q400 120 428 178'],
  },
  bag: {
    body: [
      'M300 360 H500 Q620 360 620 470 V520 Q620 620 500 620 H300 Q180 620 180 520 V470 Q180 360 300 360 Z',
    ],
    trim: [
      'M180 470 Q180 360 300 360 V620 Q180 620 180 520 Z',
      'M620 470 Q620 360 500 360 V620 Q620 620 620 520 Z',
    ],
    lines: ['M310 372 Q400 340 490 372', 'M330 360 Q330 240 400 240 Q470 240 470 360', 'M300 470 H500'],
  },
  cap: {
    fit: [1.15, 420],
    body: ['M220 480 Q226 268 400 258 Q574 268 580 480 Z'],
    trim: ['M220 480 Q400 452 580 480 Q672 500 702 546 Q560 528 400 512 Q290 506 220 480 Z'],
    lines: ['M400 260 L400 470', 'M320 278 Q300 380 300 470', 'M480 278 Q500 380 500 470'],
    dots: [[400, 258, 14]],
  },
  socks: {
    back: [
      'M420 150 H532 V440 Q532 482 560 510 L622 572 Q650 612 612 640 Q572 662 528 626 L428 534 Q398 504 408 462 Z',
    ],
    body: [
      'M290 190 H402 V480 Q402 522 430 550 L492 612 Q520 652 482 680 Q442 702 398 666 L298 574 Q268 544 278 502 Z',
    ],
    trim: ['M290 190 H402 V246 H290 Z'],
    lines: ['M306 204 V236', 'M326 204 V236', 'M346 204 V236', 'M366 204 V236', 'M386 204 V236'],
  },
  headband: {
    ring: [400, 420, 230, 120, 64],
  },
  wristband: {
    ring: [400, 430, 150, 110, 80],
  },
  loopband: {
    ring: [400, 430, 250, 90, 46],
  },
  hairties: {
    rings: [
      [300, 360, 80, 14],
      [470, 330, 80, 14],
      [390, 480, 80, 14],
      [230, 520, 70, 14],
      [560, 500, 70, 14],
    ],
  },
  mat: {
    fit: [1.3, 420],
    body: ['M230 340 H560 V500 H230 Q190 500 190 420 Q190 340 230 340 Z'],
    trim: ['M300 340 H330 V500 H300 Z', 'M470 340 H500 V500 H470 Z'],
    end: [560, 420, 52, 80],
  },
  towel: {
    body: [
      'M220 520 H580 Q600 520 600 540 V600 Q600 620 580 620 H220 Q200 620 200 600 V540 Q200 520 220 520 Z',
      'M240 420 H560 Q580 420 580 440 V500 Q580 520 560 520 H240 Q220 520 220 500 V440 Q220 420 240 420 Z',
      'M260 320 H540 Q560 320 560 340 V400 Q560 420 540 420 H260 Q240 420 240 400 V340 Q240 320 260 320 Z',
    ],
    lines: ['M220 590 H580', 'M240 490 H560', 'M260 390 H540'],
  },
};

function svgFor(product) {
  const colour = product.colour;
  const dark = shade(colour, -0.35);
  const shape = shapes[product.shape];
  if (!shape) throw new Error(`No shape ${product.shape} for ${product.slug}`);
  const paths = (list, attrs) => (list ?? []).map((d) => `<path d="${d}" ${attrs}/>`).join('');
  const parts = [
    paths(shape.back, `fill="${dark}"`),
    paths(shape.body, `fill="${colour}"`),
    paths(shape.body, 'fill="url(#sheen)"'),
    paths(shape.trim, `fill="${dark}" fill-opacity="0.85"`),
    paths(
      shape.lines,
      `fill="none" stroke="${dark}" stroke-width="5" stroke-linecap="round" stroke-opacity="0.7"`,
    ),
    ...(shape.dots ?? []).map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${dark}"/>`),
  ];
  if (shape.ring) {
    const [cx, cy, rx, ry, width] = shape.ring;
    parts.push(
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${colour}" stroke-width="${width}"/>`,
      `<ellipse cx="${cx}" cy="${cy - width / 4}" rx="${rx}" ry="${ry}" fill="none" stroke="url(#sheen)" stroke-width="${width / 2}"/>`,
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx - width / 2}" ry="${ry - width / 2}" fill="none" stroke="${dark}" stroke-width="4" stroke-opacity="0.6"/>`,
    );
  }
  for (const [index, [cx, cy, r, width]] of (shape.rings ?? []).entries()) {
    const hue = index === 0 ? colour : shade(colour, index % 2 === 0 ? -0.25 : 0.3);
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${hue}" stroke-width="${width}"/>`,
    );
  }
  if (shape.end) {
    const [cx, cy, rx, ry] = shape.end;
    parts.push(
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${dark}"/>`,
      `<path d="M${cx} ${cy - ry + 18} A${rx - 14} ${ry - 18} 0 1 1 ${cx - 1} ${cy - ry + 18} M${cx} ${cy - ry + 40} A${rx - 32} ${ry - 40} 0 1 1 ${cx - 1} ${cy - ry + 40}" fill="none" stroke="${colour}" stroke-width="8"/>`,
    );
  }
  const fit = shape.fit
    ? ` transform="translate(400 430) scale(${shape.fit[0]}) translate(-400 -${shape.fit[1]})"`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(colour, 0.9)}"/>
      <stop offset="1" stop-color="${shade(colour, 0.72)}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.55">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="0.35" stop-color="#ffffff" stop-opacity="0.22"/>
      <stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.12"/>
    </linearGradient>
    <filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <rect width="800" height="800" fill="url(#glow)"/>
  <ellipse cx="400" cy="724" rx="230" ry="26" fill="#000000" fill-opacity="0.14" filter="url(#blur)"/>
  <g${fit}>
  ${parts.join('\n  ')}
  </g>
</svg>`;
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
let bytes = 0;
for (const product of products) {
  const svg = Buffer.from(svgFor(product));
  const display = await sharp(svg)
    .resize(DISPLAY)
    .webp({ quality: 82 })
    .toFile(`${outDir}${product.slug}.webp`);
  const thumb = await sharp(svg)
    .resize(THUMBNAIL)
    .webp({ quality: 78 })
    .toFile(`${outDir}${product.slug}-thumb.webp`);
  bytes += display.size + thumb.size;
}
console.log(`${products.length} products, ${(bytes / 1024).toFixed(0)} KB in ${outDir}`);
