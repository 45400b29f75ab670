import { Badge, type BadgeTone } from '@shop/ui/badge';

/** A payment or shipping status as a small coloured label; the text is always the server's value. */
const TONES: Record<string, BadgeTone> = {
  paid: 'ok',
  delivered: 'ok',
  active: 'ok',
  pending: 'wait',
  processing: 'wait',
  'awaiting payment': 'wait',
  shipped: 'info',
  failed: 'bad',
  canceled: 'bad',
  cancelled: 'bad',
  inactive: 'bad',
  'refund due': 'alert',
  'cod: to confirm': 'wait',
  'cod: to collect': 'info',
  'cod: not collected': 'bad',
  returned: 'bad',
};

export function StatusBadge({ value }: { value: string }) {
  return <Badge tone={TONES[value.trim().toLowerCase()] ?? 'plain'}>{value || '—'}</Badge>;
}
