import type { Page } from 'playwright-core';
import { screenshotOnFailure, shopInBrowser } from '../support/browser';

/**
 * Search as a shopper uses it (decisions 0059, 0060), at 1280 and 390 px: suggestions in the header
 * box by mouse and keyboard, the results page's facets, and "did you mean".
 * SEARCH_SCREENSHOTS_DIR (optional) keeps a picture of each screen there.
 */
const e2e = shopInBrowser('search-journey', { email: 'admin@search-journey.test', password: 'search-admin-1' });

async function shot(page: Page, name: string) {
  const dir = process.env.SEARCH_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

describe('the REST calls behind the search, through the gateway', () => {
  test('suggestions and facets answer anyone; bad facet values are a 400', async () => {
    const api = e2e.context.request;
    const suggest = await api.get(`${e2e.shop.url}/api/v1/search/suggest?q=leath`);
    expect(suggest.status()).toBe(200);
    expect((await suggest.json()).products.map((p: { name: string }) => p.name)).toContain('Leather Wallet');
    const search = await api.get(`${e2e.shop.url}/api/v1/search?q=shirt&facets=true`);
    expect(search.status()).toBe(200);
    expect((await search.json()).facets.categories.length).toBeGreaterThan(0);
    expect((await api.get(`${e2e.shop.url}/api/v1/search?q=shirt&color=Ultraviolet`)).status()).toBe(400);
  });
});

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

for (const width of [1280, 390]) {
  describe(`search at ${width} px`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await e2e.context.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    });
    afterAll(async () => {
      await page.close();
    });

    test('suggestions as one types: categories and products, by keyboard and by pointer', async () => {
      await screenshotOnFailure(page, `search-suggest-${width}`, async () => {
        await page.goto(e2e.shop.url);
        await box(page).fill('men');
        const list = suggestions(page);
        await list.getByRole('option', { name: /^Men Category/ }).waitFor();
        await shot(page, `suggest-men-${width}`);
        // Words start where the catalog's words start: no women's category or products for 'men'.
        expect(await list.getByRole('option', { name: /Women/ }).count()).toBe(0);
        expect(await box(page).getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Escape');
        expect(await box(page).getAttribute('aria-expanded')).toBe('false');

        await box(page).fill('leather wal');
        await list.getByRole('option', { name: /Leather Wallet/ }).waitFor();
        await page.keyboard.press('ArrowDown');
        const active = await box(page).getAttribute('aria-activedescendant');
        expect(active).toBeTruthy();
        expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
        expect(await page.locator(`[id="${active}"]`).innerText()).toMatch(/Leather Wallet/);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/product\//);
        await page.getByRole('heading', { name: /Leather Wallet/ }).first().waitFor();

        await box(page).fill('foot');
        await list.getByRole('option', { name: /^Footwear Category/ }).click();
        await page.waitForURL(/\/products\/footwear/);
      });
    });

    test('results with facets: category, size and rating narrow them; the counts are what the page then holds', async () => {
      await screenshotOnFailure(page, `search-facets-${width}`, async () => {
        await page.goto(e2e.shop.url);
        await box(page).fill('shirt');
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/search\?q=shirt/);
        await page.locator('main a[href^="/product/"]').first().waitFor();
        if (width < 600) {
          await page.getByRole('button', { name: 'Filters' }).click();
        }
        const category = page.getByRole('radio', { name: /^Men \((\d+)\)$/ });
        await category.waitFor();
        await shot(page, `facets-shirt-${width}`);
        const inMen = Number(/\((\d+)\)/.exec(await page.locator('label.filters__choice').filter({ has: category }).innerText())![1]);
        await category.check();
        await page.waitForURL(/cat=men/);
        await page.getByText(new RegExp(`^${inMen} products?$`)).waitFor();

        const size = page.getByRole('combobox', { name: 'Size' });
        const option = await size.locator('option').nth(1).innerText();
        const [, sizeValue, sizeCount] = /^(.+) \((\d+)\)$/.exec(option)!;
        await size.selectOption({ label: option });
        await page.waitForURL(/size=/);
        await page.getByText(new RegExp(`^${sizeCount} products?$`)).waitFor();
        expect(new URL(page.url()).searchParams.get('size')).toBe(sizeValue);

        await page.getByRole('radio', { name: /^1★ & above/ }).check();
        await page.waitForURL(/rating=1/);
        if (width < 600) {
          await page.getByRole('button', { name: /^Show \d+ results?$/ }).click();
        }
        await page.locator('main a[href^="/product/"]').first().waitFor();
        await shot(page, `facets-chosen-${width}`);
        // Clear all brings every shirt back.
        if (width < 600) await page.getByRole('button', { name: 'Filters' }).click();
        await page.getByRole('button', { name: 'Clear all' }).first().click();
        await page.waitForURL((url) => !url.searchParams.has('cat') && !url.searchParams.has('size') && !url.searchParams.has('rating'));
      });
    });

    test('did you mean: a corrected search says what it searched for; one that finds nothing offers a text that does', async () => {
      await screenshotOnFailure(page, `search-dym-${width}`, async () => {
        await page.goto(`${e2e.shop.url}/search?q=${encodeURIComponent('lether walet')}`);
        await page.getByRole('status').filter({ hasText: 'Showing results for' }).getByRole('link', { name: 'leather wallet' }).waitFor();
        await page.getByRole('link', { name: /Leather Wallet/ }).first().waitFor();
        await shot(page, `dym-corrected-${width}`);
        await page.goto(`${e2e.shop.url}/search?q=walllettt`);
        const offer = page.getByRole('status').filter({ hasText: 'Did you mean' }).getByRole('link', { name: 'wallet' });
        await offer.waitFor();
        await shot(page, `dym-nothing-${width}`);
        await offer.click();
        await page.waitForURL(/q=wallet/);
        await page.getByRole('link', { name: /Leather Wallet/ }).first().waitFor();
      });
    });
  });
}
