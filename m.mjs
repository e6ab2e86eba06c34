import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
const urls = [];
page.on("request", (r) => {
  if (r.resourceType() === "script") urls.push(r.url());
});
await page.goto("http://localhost:3222" + (process.argv[2] ?? "/de"), { waitUntil: "networkidle" });
let total = 0;
const rows = [];
for (const u of urls) {
  const b = await (await fetch(u)).arrayBuffer();
  const g = gzipSync(Buffer.from(b), { level: 9 }).length;
  total += g;
  rows.push([u.split("/").pop(), (g / 1024).toFixed(1)]);
}
rows.sort((a, b) => b[1] - a[1]);
console.log(rows.map((r) => r.join(" ")).join("\n"));
console.log("TOTAL", (total / 1024).toFixed(1));
await browser.close();
