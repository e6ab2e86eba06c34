import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireAdmin } from "./auth.ts";

/** Who calls a console route: a member of the provider team. */
export interface TeamMember {
  userId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Set by the team scope's hook before any handler of a console route runs; only those handlers
     * read it (elsewhere it is not decorated).
     */
    teamMember: TeamMember;
  }
}

/** onRequest, so a stranger gets 401 and a partner 403 before the body is validated. */
async function authenticateTeamMember(request: FastifyRequest): Promise<void> {
  await requireAdmin(request);
  request.teamMember = { userId: (request.authUser as NonNullable<typeof request.authUser>).id };
}

export interface TeamScopeOptions {
  /** The route plugins of the provider team's console (/api/admin). */
  routes: FastifyPluginAsync[];
}

/**
 * The one place console routes are authenticated (docs/architecture.md), the same pattern as the
 * partner scope: every route plugin registered here sits behind one hook and reads
 * `request.teamMember`.
 */
export const teamScope: FastifyPluginAsync<TeamScopeOptions> = async (scope, { routes }) => {
  scope.decorateRequest("teamMember", null as unknown as TeamMember);
  scope.addHook("onRequest", authenticateTeamMember);
  for (const plugin of routes) await scope.register(plugin);
};
