// The preview lives in shared/: the console's review shows the same card (decision 010, section 8).
export { OfferPreview, type PreviewData } from "../../../shared/nft/offer-preview.tsx";
