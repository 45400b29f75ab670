/**
 * Money back (issue 30): the customer's same-day cancellation and "request cancellation", refunds through the payment
 * provider (admin), GST credit notes, problem reports on delivered lines, and each checkout's timeline. Amounts are
 * INR rupees in the API (paise in the database). Every SPEC call and field stays as it is; these only add.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, IdSchema, ImageDataUrlSchema, ImageUrlSchema } from './common.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../constants.js';

/** pending: asked of the provider; processed: the money left (the bank reference may follow); failed: nothing was paid back. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** What the shop's terms promise for a refund to reach the customer. */
export const REFUND_DAYS = '6-8 days';
/** A delivered line may be reported this long after Delivered. */
export const PROBLEM_REPORT_HOURS = 48;
/** Photos one problem report may carry. */
export const MAX_PROBLEM_PHOTOS = 3;
/** The refund's idempotency header: the browser makes one key per press of the button (crypto.randomUUID()). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_.:-]{8,100}$';

/** The `Idempotency-Key` header of POST refunds (required) and of a problem answer with a refund. */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN, description: 'one key per refund asked for (8 to 100 of A-Z a-z 0-9 _ . : -)' })),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeadersSchema>;

/** `{ order_id }` of the checkout (the provider's order id), as in PUT /checkouts/{order_id}. */
export const RefundCheckoutParamsSchema = Type.Object({ order_id: Type.String({ minLength: 1, maxLength: 100 }) });
export type RefundCheckoutParams = Static<typeof RefundCheckoutParamsSchema>;

/** One order line to refund, and how many of its units (at most what was bought and not yet refunded). */
export const RefundLineInputSchema = Type.Object({
  /** The order line's id (the SPEC's order `_id`, the order desk's item `_id`). */
  _id: IdSchema,
  quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
});
export type RefundLineInput = Static<typeof RefundLineInputSchema>;

/**
 * POST /api/checkouts/{order_id}/refunds (admin), with an `Idempotency-Key` header: the same key again answers the
 * same refund (a double click, a retry); the same key with another body is a 422.
 * - No `lines`, no `amount`: everything still refundable (the whole checkout, delivery and COD fees included).
 * - `lines`: what was paid for those units (unit price x quantity less the line's coupon share, spread in paise).
 * - `amount` (rupees): refund that much instead: alone, spread over the checkout; with `lines`, at most their value.
 * - `restock`: put the refunded units back in stock (lines not yet shipped are then cancelled).
 */
export const CreateRefundBodySchema = Type.Object({
  lines: Type.Optional(Type.Array(RefundLineInputSchema, { minItems: 1, maxItems: MAX_CART_LINES })),
  amount: Type.Optional(Type.Number({ minimum: 1, maximum: 10_000_000, description: 'INR rupees, whole paise; Razorpay refunds at least INR 1' })),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
  restock: Type.Boolean(),
});
export type CreateRefundBody = Static<typeof CreateRefundBodySchema>;

/** A refunded line: which line, how many units and what they returned. */
export const RefundLineSchema = Type.Object({
  /** The order line's id. */
  _id: IdSchema,
  name: Type.String(),
  variant_label: Type.Optional(Type.String()),
  quantity: Type.Integer(),
  /** INR rupees. */
  amount: Type.Number(),
});
export type RefundLine = Static<typeof RefundLineSchema>;

/** The GST credit note of a processed refund of an invoiced checkout: the PDF is GET /api/credit-notes/{refund _id}. */
export const CreditNoteRefSchema = Type.Object({
  number: Type.String(),
  date: DateTimeSchema,
  /** The tax invoice it corrects. */
  invoice_number: Type.String(),
  /** `/api/credit-notes/{refund_id}` */
  url: Type.String(),
});
export type CreditNoteRef = Static<typeof CreditNoteRefSchema>;

export const RefundStatusSchema = Type.Union(REFUND_STATUSES.map((s) => Type.Literal(s)));

export const RefundSchema = Type.Object(
  {
    _id: IdSchema,
    order_id: Type.String(),
    /** INR rupees. */
    amount: Type.Number(),
    status: RefundStatusSchema,
    reason: Type.String(),
    /** The provider's payment refunded (pay_...). */
    payment_id: Type.String(),
    /** The provider's refund id (rfnd_...), once the provider answered. */
    provider_refund_id: Type.Union([Type.String(), Type.Null()]),
    /** The lines and units refunded; empty for an amount-only refund. */
    lines: Type.Array(RefundLineSchema),
    /** Whether the delivery and COD fees were refunded too (a whole-checkout refund). */
    includes_fees: Type.Boolean(),
    restock: Type.Boolean(),
    created_at: DateTimeSchema,
    processed_at: Type.Optional(DateTimeSchema),
    /** The bank reference (ARN) once the provider gives it. */
    arn: Type.Optional(Type.String()),
    /** 'normal' or 'optimum' asked; 'normal' or 'instant' as processed. */
    speed_requested: Type.Optional(Type.String()),
    speed_processed: Type.Optional(Type.String()),
    /** Why a failed refund failed, as the provider said. */
    failure_reason: Type.Optional(Type.String()),
    credit_note: Type.Optional(CreditNoteRefSchema),
  },
  { $id: 'Refund' },
);
export type Refund = Static<typeof RefundSchema>;

/** GET /api/checkouts/{order_id}/refunds (its owner and admins), oldest first. */
export const RefundsResponseSchema = Type.Object({
  refunds: Type.Array(RefundSchema),
  /** What the checkout's payment brought in (0 for cash on delivery), rupees. */
  paid: Type.Number(),
  /** What refunds not failed add up to (pending and processed), rupees. */
  refunded: Type.Number(),
  /** What may still be refunded: paid - refunded, rupees. */
  refundable: Type.Number(),
});
export type RefundsResponse = Static<typeof RefundsResponseSchema>;

export const CreateRefundResponseSchema = Type.Object({ message: Type.String(), refund: RefundSchema });
export type CreateRefundResponse = Static<typeof CreateRefundResponseSchema>;

/**
 * POST /api/checkouts/{order_id}/cancel (the customer who placed it): allowed on the day it was placed (IST) while no
 * line has shipped; every line becomes Canceled, its stock goes back once, and a paid checkout's full refund starts
 * (`refund`). 409 with the reason otherwise. Cancelling an order already cancelled answers it again.
 */
export const CancelCheckoutResponseSchema = Type.Object({ message: Type.String(), refund: Type.Optional(RefundSchema) });
export type CancelCheckoutResponse = Static<typeof CancelCheckoutResponseSchema>;

/** POST /api/checkouts/{order_id}/cancellation-request (owner): mails the shop; answers { message }. */
export const CancellationRequestBodySchema = Type.Object({ message: Type.Optional(Type.String({ maxLength: 1000 })) });
export type CancellationRequestBody = Static<typeof CancellationRequestBodySchema>;

export const PROBLEM_REPORT_STATUSES = ['open', 'answered'] as const;
export type ProblemReportStatus = (typeof PROBLEM_REPORT_STATUSES)[number];

export const ProblemReportSchema = Type.Object(
  {
    _id: IdSchema,
    order_id: Type.String(),
    order_number: Type.String(),
    /** The order line reported. */
    line_id: IdSchema,
    product_name: Type.String(),
    variant_label: Type.Optional(Type.String()),
    quantity: Type.Integer(),
    customer: Type.Object({ name: Type.String(), email: Type.String() }),
    /** What happened, in the customer's words. */
    message: Type.String(),
    /** The photos as stored (WebP URLs). */
    photos: Type.Array(ImageUrlSchema),
    status: Type.Union(PROBLEM_REPORT_STATUSES.map((s) => Type.Literal(s))),
    created_at: DateTimeSchema,
    /** The shop's answer: a reply, a refund (its `_id`), or both. */
    answer: Type.Optional(
      Type.Object({ reply: Type.Optional(Type.String()), refund_id: Type.Optional(IdSchema), at: DateTimeSchema }),
    ),
  },
  { $id: 'ProblemReport' },
);
export type ProblemReport = Static<typeof ProblemReportSchema>;

/** POST /api/checkouts/{order_id}/problem-reports (owner), within PROBLEM_REPORT_HOURS of the line's Delivered. */
export const CreateProblemReportBodySchema = Type.Object({
  line_id: IdSchema,
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  /** Up to MAX_PROBLEM_PHOTOS images as data URLs (JPEG, PNG, WebP, GIF), checked and resized like the admin's uploads. */
  photos: Type.Optional(Type.Array(ImageDataUrlSchema, { maxItems: MAX_PROBLEM_PHOTOS })),
});
export type CreateProblemReportBody = Static<typeof CreateProblemReportBodySchema>;

export const ProblemReportResponseSchema = Type.Object({ message: Type.String(), problem: ProblemReportSchema });
export type ProblemReportResponse = Static<typeof ProblemReportResponseSchema>;

/** GET /api/problem-reports (admin): open ones by default, newest first. */
export const ProblemReportsQuerySchema = Type.Object({
  status: Type.Optional(Type.Union([...PROBLEM_REPORT_STATUSES.map((s) => Type.Literal(s)), Type.Literal('all')])),
});
export type ProblemReportsQuery = Static<typeof ProblemReportsQuerySchema>;
export const ProblemReportsResponseSchema = Type.Object({ problems: Type.Array(ProblemReportSchema) });
export type ProblemReportsResponse = Static<typeof ProblemReportsResponseSchema>;

export const ProblemReportParamsSchema = Type.Object({ id: IdSchema });

/**
 * POST /api/problem-reports/{id}/answer (admin): a reply, a refund of chosen lines (never restocked: the goods are
 * broken), or both; at least one. A refund needs the `Idempotency-Key` header. The customer is mailed either way.
 */
export const AnswerProblemReportBodySchema = Type.Object({
  reply: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  refund: Type.Optional(
    Type.Object({
      lines: Type.Array(RefundLineInputSchema, { minItems: 1, maxItems: MAX_CART_LINES }),
      /** At most the lines' value, rupees; without it, the lines' value. */
      amount: Type.Optional(Type.Number({ minimum: 1, maximum: 10_000_000 })),
    }),
  ),
});
export type AnswerProblemReportBody = Static<typeof AnswerProblemReportBodySchema>;
export const AnswerProblemReportResponseSchema = Type.Object({
  message: Type.String(),
  problem: ProblemReportSchema,
  refund: Type.Optional(RefundSchema),
});
export type AnswerProblemReportResponse = Static<typeof AnswerProblemReportResponseSchema>;

/** A line as the after-sales view needs it. */
export const AfterSalesLineSchema = Type.Object({
  _id: IdSchema,
  quantity: Type.Integer(),
  status: Type.String(),
  /** Units refunded or being refunded (failed refunds aside). */
  refunded_quantity: Type.Integer(),
  delivered_at: Type.Optional(DateTimeSchema),
  /** Until when a problem may be reported (Delivered + 48 h); absent when not delivered. */
  report_until: Type.Optional(DateTimeSchema),
  /** Whether POST problem-reports would take this line now (delivered within 48 h, no open report of it). */
  can_report: Type.Boolean(),
});
export type AfterSalesLine = Static<typeof AfterSalesLineSchema>;

/**
 * What Orders (customer) and the order detail (admin) show beside a checkout: whether Cancel is allowed now and why
 * not, its refunds, what is left to refund, its problem reports, and per line what was refunded and whether a
 * problem may be reported.
 */
export const CheckoutAfterSalesSchema = Type.Object(
  {
    order_id: Type.String(),
    order_number: Type.String(),
    cancel: Type.Object({
      /** POST cancel would succeed now. */
      allowed: Type.Boolean(),
      /** Why not, in words for the customer (absent when allowed). */
      reason: Type.Optional(Type.String()),
      /** Whether "Request cancellation" makes sense (not allowed, not cancelled, not delivered). */
      request_allowed: Type.Boolean(),
    }),
    refunds: Type.Array(RefundSchema),
    paid: Type.Number(),
    refunded: Type.Number(),
    refundable: Type.Number(),
    problems: Type.Array(ProblemReportSchema),
    lines: Type.Array(AfterSalesLineSchema),
  },
  { $id: 'CheckoutAfterSales' },
);
export type CheckoutAfterSales = Static<typeof CheckoutAfterSalesSchema>;

/** GET /api/checkouts/after-sales: the signed-in customer's placed checkouts, newest first. */
export const AfterSalesListResponseSchema = Type.Object({ checkouts: Type.Array(CheckoutAfterSalesSchema) });
export type AfterSalesListResponse = Static<typeof AfterSalesListResponseSchema>;

export const TIMELINE_EVENT_KINDS = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refund_started',
  'refund_processed',
  'refund_failed',
  'problem_reported',
  'problem_answered',
  'cancellation_requested',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];

export const TimelineEventSchema = Type.Object({
  kind: Type.Union(TIMELINE_EVENT_KINDS.map((k) => Type.Literal(k))),
  at: DateTimeSchema,
  /** Plain words: which line, how much, the bank reference. */
  detail: Type.Optional(Type.String()),
});
export type TimelineEvent = Static<typeof TimelineEventSchema>;

/** GET /api/checkouts/{order_id}/timeline (owner and admins), oldest first. */
export const TimelineResponseSchema = Type.Object({ events: Type.Array(TimelineEventSchema) });
export type TimelineResponse = Static<typeof TimelineResponseSchema>;

/** GET /api/credit-notes/{refund_id}: the PDF credit note of a processed refund (owner and admins; 404 otherwise). */
export const CreditNoteParamsSchema = Type.Object({ refund_id: IdSchema });
export type CreditNoteParams = Static<typeof CreditNoteParamsSchema>;
