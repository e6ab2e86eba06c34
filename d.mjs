import { chromium } from "playwright-core";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
page.on("console", (m) => console.log("CONSOLE", m.type(), m.text().slice(0, 300)));
page.on("response", (r) => {
  if (r.url().includes("json")) console.log("RESP", r.status(), r.url());
});
await page.goto("http://localhost:3222" + process.argv[2], { waitUntil: "networkidle" });
console.log((await page.locator("h1").allTextContents()).join(" | "));
await browser.close();
