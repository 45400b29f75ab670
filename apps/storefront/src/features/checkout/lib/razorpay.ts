/**
 * Razorpay's checkout window. The script is loaded only when the server's provider is razorpay,
 * so sandbox shops and every other page never fetch it.
 */
import type { CreateOrderResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import { config } from '../../../config';

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: PaymentResult) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

function loadScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = config.razorpayScriptUrl;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('The payment window could not be loaded'));
    };
    document.body.appendChild(script);
  });
  return loading;
}

/** The options of the checkout window, as the spec fixes them. */
function razorpayOptions(
  keyId: string,
  order: CreateOrderResponse,
  brand: string,
  handler: (r: PaymentResult) => void,
  ondismiss: () => void,
): RazorpayOptions {
  return {
    key: keyId,
    amount: order.amount,
    currency: 'INR',
    name: brand,
    description: 'session will expire in 5 minutes',
    order_id: order.order_id,
    prefill: { name: order.name, email: order.email, contact: order.phone },
    theme: { color: '#3f5a2a' },
    handler,
    modal: { ondismiss },
  };
}

/**
 * Opens the window; resolves with the payment result, 'closed' when the shopper closes it without paying, or null when
 * the payment fails.
 */
export async function openRazorpay(keyId: string, order: CreateOrderResponse, brand: string): Promise<PaymentResult | 'closed' | null> {
  await loadScript();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('The payment window could not be loaded');
  return new Promise((resolve) => {
    const rzp = new Razorpay(razorpayOptions(keyId, order, brand, resolve, () => resolve('closed')));
    rzp.on('payment.failed', () => resolve(null));
    rzp.open();
  });
}
