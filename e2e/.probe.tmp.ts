import { ADMIN, BASE_URL, launch, newPage, signIn } from './support';

const b = await launch();
const { page } = await newPage(b);
await signIn(page, ADMIN);
await page.route('**/v1/api/web/branch/?*', async (r) => {
  await new Promise((x) => setTimeout(x, 1500));
  await r.continue();
});
await page.goto(`${BASE_URL}/#/branches`);
await page.waitForTimeout(700);
console.log(
  (await page.locator('table tbody').innerHTML()).replace(/ (style|class)="[^"]*"/g, '').slice(0, 600),
);
await page.waitForTimeout(2000);
console.log(
  (await page.locator('table tbody').innerHTML()).replace(/ (style|class)="[^"]*"/g, '').slice(0, 400),
);
await b.close();
