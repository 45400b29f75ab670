/**
 * Reviews (issue 33): one per customer and product, plain text, moderated. `verified` is the server's alone: the
 * author has a Delivered line of the product whose money was not owed back. New and edited reviews wait (`pending`)
 * until the admin publishes or rejects them; the public read and the products' `rating` count published ones only.
 * A mail asks for a review some days (REVIEW_ASK_DAYS, default 4) after a line is Delivered, once per line.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type {
  AdminReview,
  ModerateReviewBody,
  ProductReviewsResponse,
  Review,
  ReviewBody,
  ReviewStatus,
} from '@shop/domain/schemas/reviews';
import type { Deps } from '../../plugins/deps.js';
import type { Db, Tx } from '../../db/client.js';
import { checkouts, orders, products, reviews, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { writeMails, type OutboxMail } from '../../lib/mail-outbox.js';
import type { AuthUser } from '../../plugins/auth.js';
import { reviewAskMail } from './mails.js';

export type ReviewsDeps = Pick<Deps, 'db' | 'now' | 'config' | 'outbox' | 'log'>;

const PRODUCT_NOT_FOUND = 'No product found';
const REVIEW_NOT_FOUND = 'No review found';
/** The public read lists at most this many reviews, newest first. */
const PUBLIC_REVIEWS_LIMIT = 100;
/** Delivered lines asked about per transaction of the ask sweep. */
const ASK_BATCH = 50;
const DAY_MS = 86_400_000;

/** Something that reads as an HTML tag: `<b`, `</p`, `<!--`, `<script`. A lone `<` ("< 5 days", "<3") is text. */
const HTML_TAG = /<\s*[/!?]?\s*[a-z]/i;

/** Plain text, trimmed, with its control characters (but tabs and newlines) removed; a tag is refused naming `field`. */
function plainText(raw: string, field: string): string {
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  if (HTML_TAG.test(text)) throw badRequest(`${field} must be plain text: remove the HTML tag (anything like <b> or <a href>)`);
  return text;
}

type ReviewRow = typeof reviews.$inferSelect;

function toReview(r: ReviewRow): Review {
  return {
    _id: r.id,
    product: r.productId,
    rating: r.rating,
    title: r.title,
    body: r.body,
    status: r.status as ReviewStatus,
    verified: r.verified,
    ...(r.reply ? { reply: r.reply } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The author as the public sees them: the first word of their name, or "A customer". */
function firstName(name: string | null): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first.slice(0, 40) || 'A customer';
}

async function productOnSale(db: Db | Tx, productId: string): Promise<{ id: string; name: string; slug: string }> {
  const [row] = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.removedAt)))
    .limit(1);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/**
 * Whether the customer bought and received the product: a Delivered line of theirs whose money is not owed back
 * (refund_due). The one place "verified purchase" is decided.
 */
async function hasDeliveredLine(db: Db | Tx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.productId, productId),
        eq(orders.status, 'Delivered'),
        eq(orders.refundDue, false),
        // Not every unit of it given back by a refund (a broken jar of three refunded: the other two still count).
        sql`coalesce((select sum((l->>'quantity')::int) from refunds r, jsonb_array_elements(r.lines) l
          where r.checkout_id = ${orders.checkoutId} and r.status <> 'failed' and l->>'lineId' = ${orders.id}::text), 0) < ${orders.cartQuantity}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Reviews waiting for the admin (the dashboard's count). */
export async function pendingReviews(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'));
  return Number(row?.n ?? 0);
}

const adminColumns = {
  review: reviews,
  productName: products.name,
  productSlug: products.slug,
  authorName: users.name,
  authorEmail: users.email,
};

function toAdminReview(r: { review: ReviewRow; productName: string; productSlug: string; authorName: string; authorEmail: string }): AdminReview {
  // The review as its author sees it, but with the product itself in place of its id.
  const { product: _productId, ...own } = toReview(r.review);
  return {
    ...own,
    product: { _id: r.review.productId, name: r.productName, slug: r.productSlug },
    author: { name: r.authorName, email: r.authorEmail },
  };
}

function adminSelect(db: Db | Tx) {
  return db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .$dynamic();
}

export function createReviewsService(deps: ReviewsDeps) {
  const { db, now, config, outbox } = deps;

  return {
    /**
     * POST products/{id}/reviews: writes the customer's review of the product, or edits the one they wrote (pending
     * again, its rejection reason gone). Answers the review and whether it was new.
     */
    async save(user: AuthUser, productId: string, body: ReviewBody): Promise<{ review: Review; created: boolean }> {
      // India's Consumer Protection (E-Commerce) Rules 2020: the seller must not pose as a consumer.
      if (user.role === 'admin') throw forbidden("The shop's own accounts cannot review its products");
      const title = plainText(body.title ?? '', 'title');
      const text = plainText(body.body, 'body');
      if (!text) throw badRequest('body must not be empty: say what you thought of it');
      return inTransaction(db, async (tx) => {
        await productOnSale(tx, productId);
        const verified = await hasDeliveredLine(tx, user.id, productId);
        const at = now();
        const [before] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.userId, user.id), eq(reviews.productId, productId)))
          .for('update');
        const [row] = await tx
          .insert(reviews)
          .values({ productId, userId: user.id, rating: body.rating, title, body: text, status: 'pending', verified, createdAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: [reviews.userId, reviews.productId],
            set: { rating: body.rating, title, body: text, status: 'pending', reason: null, verified, updatedAt: at },
          })
          .returning();
        return { review: toReview(row!), created: !before };
      });
    },

    /** GET products/{id}/reviews/mine: the customer's own review of the product, or null. */
    async mine(user: AuthUser, productId: string): Promise<Review | null> {
      await productOnSale(db, productId);
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, user.id), eq(reviews.productId, productId)))
        .limit(1);
      return row ? toReview(row) : null;
    },

    /** GET products/{id}/reviews: the published reviews' summary and the newest of them, with the shop's replies. */
    async listPublic(productId: string): Promise<ProductReviewsResponse> {
      await productOnSale(db, productId);
      const published = and(eq(reviews.productId, productId), eq(reviews.status, 'published'));
      const [perStar, rows] = await Promise.all([
        db.select({ rating: reviews.rating, n: count() }).from(reviews).where(published).groupBy(reviews.rating),
        db
          .select({ review: reviews, authorName: users.name })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(published)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(PUBLIC_REVIEWS_LIMIT),
      ]);
      const counts = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: Number(perStar.find((r) => r.rating === rating)?.n ?? 0) }));
      const total = counts.reduce((n, c) => n + c.count, 0);
      const sum = counts.reduce((n, c) => n + c.rating * c.count, 0);
      return {
        average: total ? Math.round((sum / total) * 10) / 10 : 0,
        count: total,
        counts,
        reviews: rows.map(({ review: r, authorName }) => ({
          _id: r.id,
          rating: r.rating,
          title: r.title,
          body: r.body,
          verified: r.verified,
          author: firstName(authorName),
          ...(r.reply ? { reply: r.reply } : {}),
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** GET reviews?status= (admin): newest first. */
    async listAdmin(status?: ReviewStatus): Promise<AdminReview[]> {
      const rows = await adminSelect(db)
        .where(status ? eq(reviews.status, status) : undefined)
        .orderBy(desc(reviews.updatedAt), desc(reviews.id))
        .limit(500);
      return rows.map(toAdminReview);
    },

    /** PUT reviews/{id} (admin): publish, or reject with a reason; a reply ('' removes it) goes with either. */
    async moderate(id: string, body: ModerateReviewBody): Promise<AdminReview> {
      const reason = body.reason === undefined ? undefined : plainText(body.reason, 'reason');
      const reply = body.reply === undefined ? undefined : plainText(body.reply, 'reply');
      const at = now();
      const [row] = await db
        .update(reviews)
        .set({
          status: body.status,
          reason: body.status === 'rejected' ? reason || null : null,
          ...(reply !== undefined ? { reply: reply || null } : {}),
          moderatedAt: at,
          updatedAt: at,
        })
        .where(eq(reviews.id, id))
        .returning({ id: reviews.id });
      if (!row) throw notFound(REVIEW_NOT_FOUND);
      const [full] = await adminSelect(db).where(eq(reviews.id, id));
      return toAdminReview(full!);
    },

    pendingCount: () => pendingReviews(db),

    /**
     * The ask: lines Delivered at least REVIEW_ASK_DAYS ago and never asked get one mail each (none when the customer
     * already reviewed that product). Claimed with SKIP LOCKED and marked in the transaction that writes the mails,
     * so two instances never ask twice. Answers how many lines it marked.
     */
    async askForReviews(): Promise<number> {
      let marked = 0;
      for (;;) {
        const at = now();
        const dueBefore = new Date(at.getTime() - config.reviewAskDays * DAY_MS);
        const n = await inTransaction(db, async (tx) => {
          const due = await tx
            .select({
              id: orders.id,
              userId: orders.userId,
              productId: orders.productId,
              name: orders.userName,
              email: orders.userEmail,
              productName: products.name,
              slug: products.slug,
            })
            .from(orders)
            .innerJoin(products, eq(products.id, orders.productId))
            .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
            .where(
              and(
                eq(orders.status, 'Delivered'),
                isNull(orders.reviewAskedAt),
                isNotNull(orders.deliveredAt),
                lte(orders.deliveredAt, dueBefore),
                eq(orders.refundDue, false),
                isNotNull(orders.userId),
              ),
            )
            .orderBy(asc(orders.deliveredAt), asc(orders.id))
            .limit(ASK_BATCH)
            .for('update', { of: orders, skipLocked: true });
          if (due.length === 0) return 0;
          await tx
            .update(orders)
            .set({ reviewAskedAt: at })
            .where(inArray(orders.id, due.map((d) => d.id)));
          const written = await tx
            .select({ productId: reviews.productId, userId: reviews.userId })
            .from(reviews)
            .where(sql`(${reviews.userId}, ${reviews.productId}) in (${sql.join(due.map((d) => sql`(${d.userId}::uuid, ${d.productId}::uuid)`), sql`, `)})`);
          const asked = new Set(written.map((w) => `${w.userId} ${w.productId}`));
          const mails: OutboxMail[] = [];
          for (const line of due) {
            const key = `${line.userId} ${line.productId}`;
            // Reviewed already, or asked about by another line of this batch: no second mail for one product.
            if (asked.has(key)) continue;
            asked.add(key);
            mails.push({ kind: 'mail', data: reviewAskMail(config.brandName, config.publicUrl, line) });
          }
          await writeMails(tx, at, mails);
          return due.length;
        });
        marked += n;
        if (n < ASK_BATCH) break;
      }
      if (marked > 0) outbox.wake();
      return marked;
    },
  };
}
