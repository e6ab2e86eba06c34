import { formatRecordedPhone } from "../validation/phone.ts";

/**
 * What the provider team reviewed, flattened to "field -> shown value", so that a change since the
 * last approval can be listed field by field (orange accounts, issue 4).
 */
export type ReviewSnapshot = Record<string, string>;

export interface ReviewChange {
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * Field kinds added to the review after accounts were already approved: an approval made before
 * records none of them, so their first values are not a change the team must review again
 * (the map position of locations, docs/geo-positions.md).
 */
const LATER_FIELDS = [/^location\.\d+\.position$/];

/**
 * Phone fields: approvals before numbers were stored as E.164 (migration 0018,
 * docs/decisions/007-phone-numbers-e164.md) recorded them as the forms showed them, behind the
 * fixed "+49" ("+49 0221 1234567", "+49 +49 221 …") or as typed ("0221 1234567"). The same number
 * written another way is not a change to review again; a value that is no number compares as text.
 */
export const REVIEW_PHONE_FIELD = /^(company\.phone|contact\.phone|location\.\d+\.phone)$/;
const asNumber = formatRecordedPhone;
const unchanged = (field: string, old: string | null, value: string | null) =>
  old === value ||
  (old !== null && value !== null && REVIEW_PHONE_FIELD.test(field) && asNumber(old) === asNumber(value));

/** Changed, added and removed fields, in the order of the current snapshot then removed ones. */
export function diffSnapshots(before: ReviewSnapshot, after: ReviewSnapshot): ReviewChange[] {
  const changes: ReviewChange[] = [];
  const unrecorded = LATER_FIELDS.filter((kind) => !Object.keys(before).some((field) => kind.test(field)));
  for (const [field, value] of Object.entries(after)) {
    if (unrecorded.some((kind) => kind.test(field))) continue;
    const old = Object.hasOwn(before, field) ? before[field]! : null;
    if (!unchanged(field, old, value)) changes.push({ field, before: old, after: value });
  }
  for (const [field, value] of Object.entries(before)) {
    if (!Object.hasOwn(after, field)) changes.push({ field, before: value, after: null });
  }
  return changes;
}
