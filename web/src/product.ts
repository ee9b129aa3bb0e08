// The service's own name in the pages (the brand, the signed-out welcome): the platform's, not a
// game's (src/config/product.ts, PRODUCT_NAME). The games have their own (GameUi.name).

export const PRODUCT_NAME = 'Judge Dredd play-by-web';
