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

/** Changed, added and removed fields, in the order of the current snapshot then removed ones. */
export function diffSnapshots(before: ReviewSnapshot, after: ReviewSnapshot): ReviewChange[] {
  const changes: ReviewChange[] = [];
  const unrecorded = LATER_FIELDS.filter((kind) => !Object.keys(before).some((field) => kind.test(field)));
  for (const [field, value] of Object.entries(after)) {
    if (unrecorded.some((kind) => kind.test(field))) continue;
    const old = Object.hasOwn(before, field) ? before[field]! : null;
    if (old !== value) changes.push({ field, before: old, after: value });
  }
  for (const [field, value] of Object.entries(before)) {
    if (!Object.hasOwn(after, field)) changes.push({ field, before: value, after: null });
  }
  return changes;
}
