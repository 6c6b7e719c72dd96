// Draws public/og-image.png, the picture link previews show for every page
// (og:image, app/lib/page-meta.ts): 1200×630, in the site's colours. Run it
// again after changing the picture: `node scripts/render-site-image.js`
// (Debian's Chromium, as the end-to-end tests use).
import { chromium } from "playwright-core";

// The size and alt text pages announce are in SITE_IMAGE (app/lib/page-meta.ts).
const SITE_IMAGE = { path: "public/og-image.png", width: 1200, height: 630 };

const html = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${SITE_IMAGE.width}px; height: ${SITE_IMAGE.height}px; font-family: "Liberation Sans", "DejaVu Sans", sans-serif;
    background: #073b70; color: #fff; padding: 88px 96px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 28px; }
  .badge { width: 112px; height: 112px; border-radius: 24px; background: #fff; color: #0b5cad; display: grid; place-items: center;
    font-size: 46px; font-weight: 700; }
  .name { font-size: 84px; font-weight: 700; letter-spacing: -1px; }
  h1 { margin-top: 64px; font-size: 56px; line-height: 1.15; font-weight: 700; max-width: 960px; }
  p { margin-top: 24px; font-size: 32px; line-height: 1.35; color: #d9eaff; max-width: 960px; }
  .chips { margin-top: auto; display: flex; gap: 16px; }
  .chip { border: 2px solid rgba(255, 255, 255, 0.45); border-radius: 999px; padding: 10px 24px; font-size: 26px; color: #eef6ff; }
</style></head><body>
  <div class="brand"><div class="badge">.se</div><div class="name">Snart lediga</div></div>
  <h1>Hitta din nästa .se- eller .nu-domän</h1>
  <p>Domäner som registret snart släpper, domäner som är lediga nu och premiumdomäner till salu.</p>
  <div class="chips"><span class="chip">Snart lediga</span><span class="chip">Lediga nu</span><span class="chip">Premiumdomäner</span></div>
</body></html>`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: SITE_IMAGE.width, height: SITE_IMAGE.height } });
  await page.setContent(html);
  await page.screenshot({ path: SITE_IMAGE.path, type: "png" });
  await browser.close();
  console.log(`wrote ${SITE_IMAGE.path}`);
}
