import { BERLIN_TIME_ZONE } from "@stempla/domain";
import { sql } from "drizzle-orm";

/**
 * The Berlin time zone for SQL's `at time zone`, from the domain's calendar (days, months and
 * billing boundaries are German time). A literal, not a parameter, so that the same expression
 * may stand in a select list and its group by.
 */
export const BERLIN = sql.raw(`'${BERLIN_TIME_ZONE}'`);
