import sharp from "sharp";
const [file, prefix, step] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4] ?? 1400)];
const meta = await sharp(file).metadata();
for (let top = 0, i = 0; top < meta.height!; top += step, i++) {
  await sharp(file).extract({ left: 0, top, width: meta.width!, height: Math.min(step, meta.height! - top) }).toFile(`${prefix}-${i}.png`);
}
console.log(meta.width, meta.height);
