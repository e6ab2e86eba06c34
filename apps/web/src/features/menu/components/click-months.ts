/**
 * The months the partner can choose for the click counts (YYYY-MM, newest first): this month
 * always (it is the one that grows), the months the server has clicks for, and the chosen one.
 */
export function clickMonths(current: string, withClicks: readonly string[], chosen: string): string[] {
  return [...new Set([current, chosen, ...withClicks])].sort().reverse();
}
