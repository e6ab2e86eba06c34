import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loggableError } from "../lib/loggable-error.ts";
import { registration } from "../test/accounts.ts";
import { build, type TestApp } from "../test/build.ts";

// A failed query's error carries its parameters: what the user sent, a password hash. The log
// gets the error without them.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await build({}, { logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
});

describe("the log of an unexpected database error", () => {
  it("answers 500 and logs the failure without the query's parameters", async () => {
    const email = "log-test-owner@baeckerei-test.de";
    // The database refuses this one user row, as a broken constraint or a full disk would.
    await t.db.execute(
      sql.raw(`alter table users add constraint refuse_log_test check (email <> '${email}') not valid`),
    );
    const payload = registration({ email, company_name: "Bäckerei Protokoll" });
    const res = await t.inject({ method: "POST", url: "/api/v2/dashboard/register", payload });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("refuse_log_test");

    const logged = lines.filter((line) => line.includes('"unhandled error"'));
    expect(logged).toHaveLength(1);
    const entry = JSON.parse(logged[0]!);
    expect(entry.level).toBe(50);
    // What was sent does not.
    const all = lines.join("\n");
    expect(all).not.toContain(email);
    expect(all).not.toContain("$argon2id$");
    expect(all).not.toContain("Bäckerei Protokoll");
    expect(all).not.toMatch(/params/i);
    expect(all).not.toContain("Failing row");
    // What is useful stays: the query (with placeholders), the database's code and constraint.
    expect(entry.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(JSON.stringify(entry.err)).toContain("refuse_log_test");
    expect(JSON.stringify(entry.err)).toContain("23514");
  });
});

describe("loggableError", () => {
  it("drops params and detail, redacts parameter values in messages, keeps the chain", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "geheim-123"'), {
      code: "22P02",
      detail: "Failing row contains (geheim-123).",
      routine: "string_to_uuid",
    });
    const error = Object.assign(new Error("Failed query: select 1 where id = $1\nparams: geheim-123"), {
      query: "select 1 where id = $1",
      params: ["geheim-123"],
      cause,
    });
    const safe = loggableError(error);
    expect(safe.message).toBe("Failed query: select 1 where id = $1");
    expect(safe.cause).toMatchObject({
      message: 'invalid input syntax for type uuid: "[parameter]"',
      code: "22P02",
      database: { routine: "string_to_uuid" },
    });
    expect(JSON.stringify(safe)).not.toContain("geheim-123");
  });
});
