import type { Viewer } from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { assertSameOrigin } from "./auth.ts";
import { HttpError } from "./http-error.ts";

/** Who calls a partner route: the signed-in user and the company they act for. */
export interface PartnerCaller {
  userId: number;
  companyId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Set by the partner scope's hook before any handler of a partner route runs; only those
     * handlers read it (elsewhere it is not decorated).
     */
    partner: PartnerCaller;
    /**
     * The same caller with its company's franchise relation, for the visibility rules
     * (docs/decisions/008-franchise-model.md, section 2); `partner` is this object too.
     */
    viewer: Viewer;
  }
}

/**
 * onRequest, so a stranger gets 401 and a team account 403 before the body is validated: only a
 * signed-in partner passes. Provider-team accounts have no company and use /api/admin instead.
 */
async function authenticatePartner(request: FastifyRequest): Promise<void> {
  const user = request.authUser;
  if (!user) throw new HttpError(401);
  if (user.companyId === null || user.companyType === null) throw new HttpError(403);
  assertSameOrigin(request);
  const viewer: Viewer = {
    userId: user.id,
    companyId: user.companyId,
    type: user.companyType,
    masterId: user.masterId,
  };
  request.viewer = viewer;
  request.partner = viewer;
}

export interface PartnerScopeOptions {
  /** The route plugins that only partners use; public routes are registered outside the scope. */
  routes: FastifyPluginAsync[];
}

/**
 * The one place partner routes are authenticated (docs/architecture.md): every route plugin
 * registered here sits behind one hook and reads `request.partner`, so no route can forget the
 * check or take a company from anywhere else.
 */
export const partnerScope: FastifyPluginAsync<PartnerScopeOptions> = async (scope, { routes }) => {
  scope.decorateRequest("partner", null as unknown as PartnerCaller);
  scope.decorateRequest("viewer", null as unknown as Viewer);
  scope.addHook("onRequest", authenticatePartner);
  for (const plugin of routes) await scope.register(plugin);
};
