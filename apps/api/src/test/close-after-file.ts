// A setup file of the API suite (vitest.config.ts): vitest runs it before every test file, also
// where the files of a worker share their modules (isolate: false), so each file closes the apps
// and databases its tests built, and removes the temporary directories they made, when it ends.
import { afterAll } from "vitest";
import { closeBuiltApps } from "./build.ts";
import { removeTempDirs } from "./temp-dir.ts";

afterAll(async () => {
  await closeBuiltApps();
  removeTempDirs();
});
