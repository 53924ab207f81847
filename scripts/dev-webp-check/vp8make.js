// Evaluated in the page by check.mts: data URLs of pictures Chromium's canvas encodes.
/* global document */
(async () => {
  const out = [];
  const sizes = [
    [1, 1],
    [17, 33],
    [40, 30],
    [300, 200],
    [640, 480],
    [1280, 960],
    [1280, 1280],
    [999, 3],
  ];
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (const [w, h] of sizes)
    for (const q of [0.05, 0.5, 0.92, 1])
      for (const alpha of [false, true]) {
        const c = document.createElement("canvas");
        c.width = w;
        c.height = h;
        const g = c.getContext("2d");
        const grad = g.createLinearGradient(0, 0, w, h);
        grad.addColorStop(0, "#c33");
        grad.addColorStop(1, "#36f");
        g.fillStyle = grad;
        g.fillRect(0, 0, w, h);
        for (let i = 0; i < 200; i++) {
          g.fillStyle = `rgba(${(rnd() * 255) | 0},${(rnd() * 255) | 0},${(rnd() * 255) | 0},${alpha ? rnd() : 1})`;
          g.fillRect(rnd() * w, rnd() * h, (rnd() * w) / 3, (rnd() * h) / 3);
        }
        const img = g.getImageData(0, 0, Math.min(w, 200), Math.min(h, 200));
        for (let i = 0; i < img.data.length; i += 4) {
          img.data[i] = rnd() * 255;
          if (alpha) img.data[i + 3] = rnd() * 255;
        }
        g.putImageData(img, 0, 0);
        if (alpha) g.clearRect(w / 2, h / 2, w / 4, h / 4);
        out.push(c.toDataURL("image/webp", q));
      }
  return out;
})();
