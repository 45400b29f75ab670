/**
 * A checkout's three calls (POST /orders, the sandbox's payment step, POST /orders/paymentverification) check the
 * shopper's session in their own first statement instead of a read of its own (plugins/auth.ts, authenticateToken).
 * The rules must be the same as every other signed-in call's: a changed password or a deactivation ends old tokens at
 * once (401 / 403 with the same words), a deleted shopper's token is refused, and a refused call changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, users } from '../../db/schema.js';
import { GHEE, checkoutFixtures } from '../../test/checkout-fixtures.js';
import type { TestShop, TestUser } from '../../test/harness.js';

const fx = checkoutFixtures(GHEE);
let shop: TestShop;

beforeAll(async () => {
  shop = await fx.open();
});
afterAll(() => shop.close());

const EXPIRED = { message: 'Your session has expired, please log in again' };
const INACTIVE = { message: 'Your account is inactive' };

const endSession = (user: TestUser) =>
  shop.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, user.id));
const deactivate = (user: TestUser) => shop.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
const checkoutsOf = async (user: TestUser) => (await shop.db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.userId, user.id))).length;
const sandboxStep = (user: TestUser, orderId: string, outcome: 'success' | 'failure' = 'success') =>
  shop.request({ method: 'POST', url: '/api/payments/sandbox/checkout', token: user.token, payload: { order_id: orderId, outcome } });

describe("a checkout's calls with a session that has ended", () => {
  it('POST /orders: 401 after a password change, 403 when deactivated, 401 when deleted; nothing reserved', async () => {
    const product = await fx.addProduct({ quantity: 5 });
    const cart = [{ _id: product.id, cart_quantity: 1 }];
    const [changed, inactive, deleted] = await Promise.all([shop.createShopper(), shop.createShopper(), shop.createShopper()]);
    await endSession(changed);
    await deactivate(inactive);
    await shop.db.delete(users).where(eq(users.id, deleted.id));

    for (const [user, status, body] of [
      [changed, 401, EXPIRED],
      [inactive, 403, INACTIVE],
      [deleted, 401, EXPIRED],
    ] as const) {
      const res = await fx.placeOrder(user.token, cart);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual(body);
      expect(await checkoutsOf(user)).toBe(0);
    }
    expect(await fx.stockOf(product.id)).toBe(5);
    // No token, or a forged one, is refused before anything is read.
    expect((await fx.placeOrder(undefined, cart)).statusCode).toBe(401);
    expect((await fx.placeOrder('not-a-token', cart)).statusCode).toBe(401);
  });

  it("the sandbox's payment step: refused for an ended session, and someone else's checkout is a 404", async () => {
    const product = await fx.addProduct({ quantity: 5 });
    const [owner, other] = await Promise.all([shop.createShopper(), shop.createShopper()]);
    const order = await fx.placeOrderOk(owner, product.id, 1);

    const notTheirs = await sandboxStep(other, order.order_id);
    expect(notTheirs.statusCode).toBe(404);
    await deactivate(other);
    expect((await sandboxStep(other, order.order_id)).json()).toEqual(INACTIVE);

    await endSession(owner);
    for (const outcome of ['success', 'failure'] as const) {
      const res = await sandboxStep(owner, order.order_id, outcome);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual(EXPIRED);
    }
    // The failure step did not release the hold: the refused call changed nothing.
    expect((await fx.checkoutRow(order.order_id)).payment).toBe('Pending');
    expect(await fx.stockOf(product.id)).toBe(4);
  });

  it('payment verification: an ended session pays nothing; with the session valid again the same payment verifies', async () => {
    const product = await fx.addProduct({ quantity: 5 });
    const buyer = await shop.createShopper();
    const order = await fx.placeOrderOk(buyer, product.id, 1);
    const result = await fx.sandboxPay(buyer, order.order_id);

    await deactivate(buyer);
    const inactive = await fx.verify(buyer, result);
    expect(inactive.statusCode, inactive.body).toBe(403);
    expect(inactive.json()).toEqual(INACTIVE);
    await shop.db.update(users).set({ status: 'active' }).where(eq(users.id, buyer.id));
    await endSession(buyer);
    const expired = await fx.verify(buyer, result);
    expect(expired.statusCode, expired.body).toBe(401);
    expect(expired.json()).toEqual(EXPIRED);
    expect((await fx.checkoutRow(order.order_id)).payment).toBe('Pending');
    // A bad signature from an ended session is the session's answer, not the signature's.
    expect((await fx.verify(buyer, { ...result, razorpay_signature: '0'.repeat(64) })).statusCode).toBe(401);

    // Someone else's valid token pays nothing either: the checkout is not theirs.
    const stranger = await shop.createShopper();
    expect((await fx.verify(stranger, result)).statusCode).toBe(404);
    expect((await fx.checkoutRow(order.order_id)).payment).toBe('Pending');

    // The buyer's token valid again (its version back): the same payment now verifies, once.
    await shop.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} - 1` }).where(eq(users.id, buyer.id));
    expect((await fx.verify(buyer, result)).statusCode).toBe(200);
    expect((await fx.checkoutRow(order.order_id)).payment).toBe('Paid');
  });
});
