import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Debian's libhbci4j-core-java ships, inside its jar, the pain.008.001.02 schema that the German
 * banking industry (Deutsche Kreditwirtschaft) publishes for SEPA direct debits: the schema
 * German banks check an uploaded file against, stricter than ISO's own. `.ci/run` installs it.
 */
const JAR = process.env.HBCI4J_JAR ?? "/usr/share/java/hbci4j-core.jar";

export function pain008Schema(): string {
  if (!existsSync(JAR)) {
    throw new Error(
      `${JAR} is missing: install Debian's libhbci4j-core-java (apt-get install libhbci4j-core-java), ` +
        "which carries the pain.008.001.02 XSD, or point HBCI4J_JAR at that jar",
    );
  }
  return execFileSync("unzip", ["-p", JAR, "pain.008.001.02.xsd"], { encoding: "utf8" });
}
