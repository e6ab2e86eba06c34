import { createHash } from "node:crypto";

/**
 * How long one core of this machine takes for a fixed piece of work (SHA-256 of 20 MB and 50 JSON
 * round trips of a 1,000-row document), the median of 7 rounds in ms. The same code measured on
 * two days differs by a factor of 2-4 when the VM's host is busier (docs/performance.md, "The
 * machine's speed"); this figure, printed before and after the bench, tells a slow day from a
 * slower build. Lower is faster.
 */
export function machineSpeedMs(): number {
  const data = Buffer.alloc(1 << 20, 7);
  const doc = {
    rows: Array.from({ length: 1000 }, (_, i) => ({
      id: i,
      name: `Filiale ${i}`,
      points: i % 10,
      at: i * 1000,
    })),
  };
  const rounds: number[] = [];
  for (let round = 0; round < 7; round++) {
    const start = performance.now();
    for (let i = 0; i < 20; i++) createHash("sha256").update(data).digest();
    for (let i = 0; i < 50; i++) JSON.parse(JSON.stringify(doc));
    rounds.push(performance.now() - start);
  }
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(rounds.length / 2)]!;
}
