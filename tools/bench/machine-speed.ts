import { createHash } from "node:crypto";
import { type AddressInfo, connect, createServer } from "node:net";
import { percentile } from "./ingest.ts";

/**
 * How long one core of this machine takes for a fixed piece of work (SHA-256 of 20 MB and 50 JSON
 * round trips of a 1,000-row document), the median of 7 rounds in ms. The same code measured on
 * two days differs by a factor of 2-4 when the VM's host is busier (docs/performance.md, "A slower
 * machine on the same day"); this figure, printed before and after the bench, tells a slow day from a
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
  return median(rounds);
}

/**
 * What a loopback TCP round trip costs this machine's kernel, in µs (the median of 5 rounds of
 * 2,000 round trips of 200 bytes between two sockets of this process). Most of a scan's CPU in the
 * API and a good part of PostgreSQL's is such socket work (docs/performance.md, "Scan path"),
 * which the plain computation of machineSpeedMs() does not measure.
 */
export async function loopbackRoundTripUs(): Promise<number> {
  const server = createServer((socket) => socket.on("data", (data) => socket.write(data)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = connect((server.address() as AddressInfo).port, "127.0.0.1");
  client.setNoDelay(true);
  await new Promise((resolve) => client.once("connect", resolve));
  const message = "x".repeat(200);
  const rounds: number[] = [];
  try {
    for (let round = 0; round < 5; round++) {
      const start = performance.now();
      await new Promise<void>((resolve) => {
        // Counted in bytes: TCP may hand one answer over in two pieces.
        let received = 0;
        let answered = 0;
        const onData = (data: Buffer) => {
          received += data.length;
          if (received < message.length) return;
          received -= message.length;
          if (++answered < 2000) {
            client.write(message);
            return;
          }
          client.off("data", onData);
          resolve();
        };
        client.on("data", onData);
        client.write(message);
      });
      rounds.push(((performance.now() - start) * 1000) / 2000);
    }
  } finally {
    client.destroy();
    server.close();
  }
  return median(rounds);
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
