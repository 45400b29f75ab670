/**
 * The parts of pages that load only when they come near the screen or at the shopper's first tap or key
 * (components/deferred-part.tsx). Their `import()`s are written here, in the entry chunk, on purpose: the server
 * fetches a page chunk's own dynamic imports right after the first paint (after-paint.ts), which is right for the
 * page's first screen and wrong for these. Their CSS is imported by the frame or the page, so a drawn page is
 * styled without their JS.
 */
import { deferredPart } from '../components/deferred-part';

/** The footer, on every page below the first screen (footer.css comes with the frame). */
export const DeferredFooter = deferredPart(() => import('./layout/footer'));

/** The home page under its farm clips: Bestsellers, Why, Shop By Solutions and Explore More Products. */
export const HomeBelowTheFold = deferredPart(() => import('../features/home/components/below-the-fold'));

const desktopMenus = () => import('./layout/desktop-menus');

/** The top bar's main links and dropdowns, shown from 1024 px: loaded once shown, not at a phone's first tap. */
export const DesktopMainNav = deferredPart(async () => ({ default: (await desktopMenus()).MainNavLinks }), { onInteraction: false });

/** The top bar's account menu, shown from 1024 px (the phone has the tab bar's Account and the menu drawer). */
export const DesktopAccountMenu = deferredPart(async () => ({ default: (await desktopMenus()).AccountMenu }), { onInteraction: false });

/**
 * The product page's reviews (issue 33), under the details: far below a phone's first screen. The server draws them
 * with the page (reviews.css comes with the product route).
 */
export const DeferredReviews = deferredPart(() => import('../features/reviews/components/reviews-block'));

/** "Notify me" on a sold-out size (issue 33): in the first screen, so it loads right after the page is the app's. */
export const DeferredNotifyMe = deferredPart(() => import('../features/back-in-stock/components/notify-me'));
