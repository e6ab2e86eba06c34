// A setup file of the API suite (vitest.config.ts): vitest runs it before every test file, also
// where the files of a worker share their modules (isolate: false), so each file closes the apps
// and databases its tests built when it ends.
import { afterAll } from "vitest";
import { closeBuiltApps } from "./build.ts";

afterAll(closeBuiltApps);
