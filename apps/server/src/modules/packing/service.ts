/** Packing: the slips and labels PDF for the checkouts the packer chose (slips.ts loads and draws them). */
import type { Deps } from '../../plugins/deps.js';
import { loadSlips, renderSlipsPdf, type SlipLayout } from './slips.js';

export type PackingDeps = Pick<Deps, 'db' | 'config'>;

export function createPackingService({ db, config }: PackingDeps) {
  return {
    /** One page per checkout named in `ids` (order line ids or checkout ids, comma-separated). */
    async slipsPdf(ids: string, layout: SlipLayout): Promise<Buffer> {
      const slips = await loadSlips(db, ids, config.orderPrefix);
      return renderSlipsPdf(slips, layout, config.shop, config.brandName);
    },
  };
}
