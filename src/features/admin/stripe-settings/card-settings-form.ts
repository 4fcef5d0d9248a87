import * as z from 'zod';
import { ruleString } from '../../../lib/forms/rule-schema';
import { surchargeBps, surchargePercentText, surchargeProblem } from '../../../lib/rules/card-surcharge';

/** The card settings form: the surcharge through its rule in src/lib/rules/card-surcharge.ts, as the database checks it. */
export const cardSettingsSchema = z.object({
  enabled: z.boolean(),
  surcharge: ruleString(surchargeProblem),
});

export type CardSettingsForm = z.infer<typeof cardSettingsSchema>;

export function toCardSettingsForm(settings: {
  cards_enabled: boolean;
  card_surcharge_bps: number;
}): CardSettingsForm {
  return {
    enabled: settings.cards_enabled,
    surcharge: surchargePercentText(settings.card_surcharge_bps).replace('%', ''),
  };
}

export function toCardSettingsValues(form: CardSettingsForm): { enabled: boolean; surchargeBps: number } {
  return { enabled: form.enabled, surchargeBps: surchargeBps(form.surcharge) ?? 0 };
}
