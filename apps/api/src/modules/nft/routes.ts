import multipart from "@fastify/multipart";
import {
  couponCreateSchema,
  idParamsSchema,
  type MessageKey,
  NFT_LIST_TYPES,
  type NftOfferInput,
  nftIndustriesResponseSchema,
  nftListPerPage,
  nftListQuerySchema,
  nftOfferPageSchema,
  nftOfferResponseSchema,
  voucherCreateSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { HttpError } from "../../plugins/http-error.ts";
import {
  createOffer,
  editableOffer,
  listOffers,
  nftIndustries,
  type OfferPath,
  offerForPartner,
  revokeOffer,
  updateOffer,
} from "./offers.ts";
import {
  nftMultipartOptions,
  type ProcessedNftPhoto,
  photoRequired,
  photoTooLarge,
  processNftPhoto,
} from "./photos.ts";

// The partner's coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md, section 7; spec
// section 7's NFT calls). Registered in the partner scope: request.viewer is the caller, and every
// id is checked against its company (404 otherwise).

const tags = ["nft"];

/** Parts that may repeat (or come as "1,2"), read as a list; every other part is its last value. */
const LIST_FIELDS = new Set(["location_ids", "location_ids[]"]);

interface OfferForm {
  body: Record<string, unknown>;
  photo: Buffer | undefined;
}

/**
 * The create and update calls' body: a multipart form with the `photo` file part beside the
 * fields (spec section 7), or, for a change without a new photo, the same fields as JSON. A photo
 * over NFT.photoBytes is 422 `nft.photo.tooLarge` at `photo`, not multipart's 413 (section 7).
 */
async function readOfferForm(request: FastifyRequest): Promise<OfferForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      body: body && typeof body === "object" ? (body as Record<string, unknown>) : {},
      photo: undefined,
    };
  }
  // Only location_ids repeats, so a form past the parts limit names more locations than allowed.
  const form = await readMultipartForm(request, photoTooLarge, () =>
    HttpError.validation({ location_ids: ["nft.locations.max"] }),
  );
  const body: Record<string, unknown> = {};
  const lists: string[] = [];
  for (const [name, value] of form.fields) {
    if (LIST_FIELDS.has(name)) lists.push(...value.split(","));
    else body[name] = value;
  }
  if (lists.length > 0) body.location_ids = lists;
  return { body, photo: form.files.photo };
}

/**
 * The offer's fields by the path's schema and its photo, checked together so that one 422 names
 * every field at fault: the schema's messages, and the photo's (required on create; type by
 * content, size, readable).
 */
async function checkedOffer(
  path: OfferPath,
  form: OfferForm,
  photoNeeded: boolean,
): Promise<{ input: NftOfferInput; photo: ProcessedNftPhoto | undefined }> {
  const fields: Record<string, MessageKey[]> = {};
  const schema = path === "coupon" ? couponCreateSchema : voucherCreateSchema;
  const parsed = schema.safeParse(form.body);
  if (!parsed.success) {
    // Every field of an offer is flat: a list's element issue (location_ids.0) stands at the list.
    for (const [path, keys] of Object.entries(HttpError.fromZod(parsed.error).fields ?? {})) {
      const field = path.split(".")[0]!;
      fields[field] = [...new Set([...(fields[field] ?? []), ...keys])];
    }
  }
  let photo: ProcessedNftPhoto | undefined;
  if (!form.photo || form.photo.length === 0) {
    if (photoNeeded) Object.assign(fields, photoRequired().fields);
  } else {
    try {
      photo = await processNftPhoto(form.photo);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fields) throw error;
      Object.assign(fields, error.fields);
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) throw HttpError.validation(fields);
  return { input: parsed.data, photo };
}

const FORM_NOTE =
  'multipart/form-data: the fields of decision 010 section 2 as text parts (location_ids repeated or as "1,2"), the photo as the file part `photo` (JPG or PNG, at most 20 MB).';

export const nftRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, nftMultipartOptions);
  const callOptions = (request: FastifyRequest) => ({
    locale: request.locale,
    publicUrl: app.config.publicUrl,
  });

  r.get(
    "/dashboard/nft/industries",
    {
      schema: {
        tags,
        summary: "The industries an offer is listed under (the categories), in the request's language",
        response: { 200: nftIndustriesResponseSchema },
      },
    },
    async (request) => ({ data: await nftIndustries(app.db, request.locale) }),
  );

  for (const path of ["coupon", "absolute-coupon"] as const) {
    r.post(
      `/dashboard/nft/create/${path}`,
      {
        schema: {
          tags,
          summary:
            path === "coupon"
              ? "Create a coupon campaign (free; at least 100); it goes to the team's review"
              : "Create a voucher or cash voucher (`type`); needs an active payout account (else 409 payment_account_inactive with redirect_to)",
          description: FORM_NOTE,
          consumes: ["multipart/form-data"],
          response: { 201: nftOfferResponseSchema },
        },
      },
      async (request, reply) => {
        const { input, photo } = await checkedOffer(path, await readOfferForm(request), true);
        const offer = await createOffer(app.db, request.viewer, input, photo!, callOptions(request));
        return reply.status(201).send({ data: offer });
      },
    );

    r.put(
      `/dashboard/nft/update/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Change a ${path === "coupon" ? "coupon" : "voucher or cash voucher"} in review, rejected or scheduled (all fields; photo optional); it goes back to the review (409 nft_not_editable on or off the market)`,
          description: `${FORM_NOTE} Without a new photo the fields may come as JSON.`,
          consumes: ["multipart/form-data", "application/json"],
          params: idParamsSchema,
          response: { 200: nftOfferResponseSchema },
        },
      },
      async (request) => {
        const form = await readOfferForm(request);
        const { id } = request.params;
        // Whose and which type before the photo is decoded: 404 and 409 first.
        await editableOffer(app.db, request.viewer.companyId, id, path);
        const { input, photo } = await checkedOffer(path, form, false);
        return {
          data: await updateOffer(app.db, request.viewer, id, path, input, photo, callOptions(request)),
        };
      },
    );
  }

  for (const list of NFT_LIST_TYPES) {
    r.get(
      `/dashboard/nft/${list}`,
      {
        schema: {
          tags,
          summary: `The caller's offers ${list === "pending" ? "in review, rejected or scheduled" : list === "onmarket" ? "on the market" : "off the market, with the reason"}, newest first, 15 per page (limit or per_page)`,
          querystring: nftListQuerySchema,
          response: { 200: nftOfferPageSchema },
        },
      },
      async (request) => {
        const { page } = request.query;
        const perPage = nftListPerPage(request.query);
        const { items, total } = await listOffers(app.db, request.viewer.companyId, list, page, perPage);
        return { data: items, meta: { page, per_page: perPage, total } };
      },
    );
  }

  r.get(
    "/dashboard/nft/offer/:id",
    {
      schema: {
        tags,
        summary: "One of the caller's offers with every field (the edit form and preview)",
        params: idParamsSchema,
        response: { 200: nftOfferResponseSchema },
      },
    },
    async (request) => ({ data: await offerForPartner(app.db, request.viewer.companyId, request.params.id) }),
  );

  r.put(
    "/dashboard/nft/update/coupon/:id/status/off-market",
    {
      schema: {
        tags,
        summary:
          "Take an offer of any type off the market for good (revoked); items already in wallets stay valid. 409 when it is off the market already",
        params: idParamsSchema,
        response: { 200: nftOfferResponseSchema },
      },
    },
    async (request) => ({
      data: await revokeOffer(app.db, request.viewer, request.params.id, callOptions(request)),
    }),
  );
};
