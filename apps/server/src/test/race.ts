/**
 * The race tests' setup: a shop and a peer app on the same database (with DATABASE_URL each has its own connection
 * pool, as behind a load balancer), a Ghee category, and many signed-in shoppers.
 */
import type { FastifyInstance } from 'fastify';
import { categories, users } from '../db/schema.js';
import { signSessionToken } from '../lib/tokens.js';
import { TEST_DELIVERY, createTestShop, type TestShop, type TestUser } from './harness.js';

export interface RaceShop {
  shop: TestShop;
  peer: FastifyInstance;
  categoryId: string;
  buyers: TestUser[];
}

/** `shoppers` go straight into the table with one shared hash: an argon2 hash each would take longer than the test. */
export async function openRaceShop(shoppers: Array<{ name: string; email: string; phone?: string }>): Promise<RaceShop> {
  const shop = await createTestShop();
  const peer = await shop.buildPeerApp();
  const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
  const rows = await shop.db
    .insert(users)
    .values(shoppers.map((s) => ({ passwordHash: 'not-used', emailVerified: true, ...TEST_DELIVERY, ...s })))
    .returning({ id: users.id, email: users.email, name: users.name, tokenVersion: users.tokenVersion });
  const buyers = rows.map((r) => ({ ...r, password: '', role: 'user', token: signSessionToken(shop.config.jwtSecret, r.id, r.tokenVersion) }));
  return { shop, peer, categoryId: category!.id, buyers };
}
