// Evaluated in the page by check.mts: an expression, the two pictures' pixels compared.
/* global createImageBitmap, fetch, OffscreenCanvas */
// eslint-disable-next-line @typescript-eslint/no-unused-expressions
async ([a, b]) => {
  const px = async (b64) => {
    try {
      const bmp = await createImageBitmap(await (await fetch("data:image/webp;base64," + b64)).blob(), {
        colorSpaceConversion: "none",
        premultiplyAlpha: "none",
      });
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const g = c.getContext("2d");
      g.drawImage(bmp, 0, 0);
      return g.getImageData(0, 0, bmp.width, bmp.height).data;
    } catch {
      return null;
    }
  };
  const [x, y] = [await px(a), await px(b)];
  if (!x) return "original-undecodable";
  if (!y) return "trimmed-undecodable";
  return x.length === y.length && x.every((v, i) => v === y[i]) ? "same" : "differs";
};
