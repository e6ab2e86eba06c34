import type { NftPhotoView } from "@stempla/domain";

/** The photo's renditions as an <img> takes them: the smallest as src, all in a srcset; none: null. */
export function photoSources(photo: NftPhotoView | null | undefined): { src: string; srcSet: string } | null {
  const urls = [...(photo?.urls ?? [])].sort((a, b) => a.width - b.width);
  if (urls.length === 0) return null;
  return { src: urls[0]!.url, srcSet: urls.map((u) => `${u.url} ${u.width}w`).join(", ") };
}
