/**
 * The shop's delivery settings: one row of `delivery_settings` (money in paise, DeliveryRules), absent until the admin
 * first saves; the domain's demo defaults fill whatever is not stored (a shop that never saved, a field added later).
 */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_RULES,
  deliveryRulesProblems,
  rulesToSettings,
  settingsToRules,
  type DeliveryRules,
} from '@shop/domain/delivery-quote';
import type { IndianState } from '@shop/domain/delivery';
import type { DeliverySettings, DeliverySettingsBody, DeliveryZone } from '@shop/domain/schemas/delivery';
import type { Db, Tx } from '../../db/client.js';
import { deliverySettings } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../lib/http-errors.js';

const SETTINGS_ROW = 1;

/** Stored rules over the defaults, field by field (zones and COD too). */
function withDefaults(stored: unknown): DeliveryRules {
  const s = (stored ?? {}) as Partial<DeliveryRules>;
  const d = DEFAULT_DELIVERY_RULES;
  const zone = (z: DeliveryZone) => ({ ...d.zones[z], ...s.zones?.[z] });
  return {
    ...d,
    ...s,
    zones: { shop_state: zone('shop_state'), rest_of_india: zone('rest_of_india'), remote: zone('remote'), outside_india: zone('outside_india') },
    cod: { ...d.cod, ...s.cod },
  };
}

/** The rules in force, read from the database. */
export async function readDeliveryRules(db: Db | Tx): Promise<DeliveryRules> {
  const [row] = await db.select({ rules: deliverySettings.rules }).from(deliverySettings).where(eq(deliverySettings.id, SETTINGS_ROW));
  return withDefaults(row?.rules);
}

/** The settings after a partial change: zones and COD merged field by field, lists replaced whole. */
function merged(current: DeliverySettings, body: DeliverySettingsBody): DeliverySettings {
  const zones = { ...current.zones };
  for (const [zone, change] of Object.entries(body.zones ?? {}) as Array<[DeliveryZone, Partial<DeliverySettings['zones'][DeliveryZone]> | undefined]>) {
    if (change) zones[zone] = { ...zones[zone], ...change };
  }
  return {
    ...current,
    ...(body.free_shipping_above !== undefined ? { free_shipping_above: body.free_shipping_above } : {}),
    ...(body.dispatch_cutoff !== undefined ? { dispatch_cutoff: body.dispatch_cutoff } : {}),
    ...(body.no_dispatch_weekdays !== undefined ? { no_dispatch_weekdays: body.no_dispatch_weekdays } : {}),
    ...(body.holidays !== undefined ? { holidays: body.holidays } : {}),
    ...(body.handling_days !== undefined ? { handling_days: body.handling_days } : {}),
    ...(body.local_pins !== undefined ? { local_pins: body.local_pins } : {}),
    zones,
    cod: { ...current.cod, ...body.cod },
  };
}

/** Applies a partial change (400 naming what does not hold together); answers the settings now in force. */
export async function saveDeliverySettings(db: Db, body: DeliverySettingsBody, shopState: IndianState, now: Date): Promise<DeliverySettings> {
  return inTransaction(db, async (tx) => {
    // Two admins saving at once: the row is locked, so each change lands on the other's, none is lost.
    await tx.insert(deliverySettings).values({ id: SETTINGS_ROW, rules: DEFAULT_DELIVERY_RULES }).onConflictDoNothing();
    const [row] = await tx.select({ rules: deliverySettings.rules }).from(deliverySettings).where(eq(deliverySettings.id, SETTINGS_ROW)).for('update');
    const next = settingsToRules(merged(rulesToSettings(withDefaults(row?.rules), shopState), body));
    const problems = deliveryRulesProblems(next);
    if (problems.length > 0) throw badRequest(problems.join('; '));
    await tx.update(deliverySettings).set({ rules: next, updatedAt: now }).where(eq(deliverySettings.id, SETTINGS_ROW));
    return rulesToSettings(next, shopState);
  });
}
