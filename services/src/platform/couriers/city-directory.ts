import type { CourierCity, CourierId } from '@shop/contracts';
import type { Courier } from './courier';

/** How long a courier's city list is believed before it is fetched again. */
export const CITY_LIST_TTL_MS = 24 * 60 * 60_000;

/** `D.I. Khan`, `d i khan` and `DI KHAN` alike: letters and digits, lower case. */
export function cityKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

interface Cached {
  cities: CourierCity[];
  byKey: Map<string, CourierCity>;
  fetchedAt: number;
}

/**
 * Each courier's cities, fetched when first needed and again a day later, one fetch at a time per
 * courier. A failed fetch is not cached: the next call asks again, and a list already held is kept.
 * Matching ignores case, spaces and punctuation; a city the courier does not list has no match, and
 * the admin picks one of the courier's cities instead.
 */
export class CityDirectory {
  readonly #cached = new Map<CourierId, Cached>();
  readonly #fetching = new Map<CourierId, Promise<Cached>>();

  constructor(private readonly clock: () => Date) {}

  async cities(courier: Courier): Promise<CourierCity[]> {
    return (await this.#list(courier)).cities;
  }

  /** The courier's city for the shop's city name, or undefined when the courier does not list it. */
  async match(courier: Courier, city: string): Promise<CourierCity | undefined> {
    return (await this.#list(courier)).byKey.get(cityKey(city));
  }

  /** The courier's city with this id (the admin's pick), or undefined. */
  async byId(courier: Courier, id: string): Promise<CourierCity | undefined> {
    return (await this.#list(courier)).cities.find((city) => city.id === id);
  }

  async #list(courier: Courier): Promise<Cached> {
    const cached = this.#cached.get(courier.id);
    if (cached && this.clock().getTime() - cached.fetchedAt < CITY_LIST_TTL_MS) return cached;
    let fetching = this.#fetching.get(courier.id);
    if (!fetching) {
      fetching = courier
        .cities()
        .then((cities) => {
          const fresh: Cached = {
            cities: [...cities].sort((a, b) => a.name.localeCompare(b.name)),
            byKey: new Map(cities.map((city) => [cityKey(city.name), city])),
            fetchedAt: this.clock().getTime(),
          };
          this.#cached.set(courier.id, fresh);
          return fresh;
        })
        .finally(() => this.#fetching.delete(courier.id));
      this.#fetching.set(courier.id, fetching);
    }
    return fetching;
  }
}
