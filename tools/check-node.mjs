// `npm run` puts node_modules/.bin first on PATH, so the pinned `node` devDependency (Node 24)
// runs our scripts. If its install script was blocked, npm silently falls back to the system Node,
// which is too old for vitest 5, React Router 8 and i18next 27: stop here with a clear message.
const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(
    `This project runs on Node.js 24 (found ${process.version}). Run \`npm ci\` so the pinned \`node\` ` +
      "devDependency installs, and make sure its install script is allowed (package.json allowScripts).",
  );
  process.exit(1);
}
