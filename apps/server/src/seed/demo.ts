import type { Deps } from '../plugins/deps.js';

/** Seeds the demo shop on the first start of an empty database. Answers whether it seeded. */
export async function seedDemoShop(_deps: Pick<Deps, 'db' | 'storage' | 'config'>): Promise<boolean> {
  return false;
}
