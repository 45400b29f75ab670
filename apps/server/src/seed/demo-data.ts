/** The demo shop's content: categories, the home page's solutions, products, blogs and sliders. */
import { HOME_SOLUTIONS } from '@shop/domain/constants';
import type { BannerArt, CoverArt, PackArt } from './art.js';

export type SolutionName = (typeof HOME_SOLUTIONS)[number];

export const DEMO_CATEGORIES = [
  'Ghee',
  'Milk Products',
  'Ayurvedic Hair Oil',
  'Honey & Sweeteners',
  'Cold-Pressed Oils',
  'Grains & Flours',
] as const;
type CategoryName = (typeof DEMO_CATEGORIES)[number];

/** Exactly the solution tiles of the home page (SPEC section 1). */
export const DEMO_SOLUTIONS: readonly SolutionName[] = HOME_SOLUTIONS;

/** One size of a demo product, as the farm packs it. */
export interface DemoSize {
  /** The net quantity as the label prints it: "500 ml". */
  label: string;
  sku: string;
  /** Rupees (INR), incl. GST. */
  price: number;
  /** The MRP printed on the pack, when the farm prints one above its price. */
  mrp?: number;
  quantity: number;
  /** The packed parcel's weight (jar or bottle included), for delivery fees. */
  weightGrams: number;
  /** The size a client that knows nothing of sizes buys; the first size when none says so. */
  default?: boolean;
}

export interface DemoProduct {
  /** Shown on the label. The product's name is the title, with the size when it comes in one size only. */
  title: string;
  category: CategoryName;
  solutions: SolutionName[];
  /** In the order the product page lists them. */
  sizes: DemoSize[];
  /**
   * URLs the product had when each size was a product of its own ("…-250-ml"): they open this product with that
   * size chosen (product_slug_history with the size).
   */
  formerSlugs?: Array<{ slug: string; size: string }>;
  /** What the label says where the shop's defaults (configuration) do not fit. */
  label?: { packer?: string; countryOfOrigin?: string; bestBefore?: string; consumerCare?: string };
  highlighted?: boolean;
  /** Fresh dairy: delivered only to the shop's local PINs (delivery settings). */
  localOnly?: boolean;
  shortdesc: string;
  description: string;
  /** Paragraph that opens the rich contents. */
  story: string;
  highlights: string[];
  usage: string;
  art: PackArt;
}

// Warm farm palette.
const CREAM: readonly [string, string] = ['#fdf3dc', '#f2cf8e'];
const MEADOW: readonly [string, string] = ['#f4f7e6', '#cfe0a8'];
const SKY: readonly [string, string] = ['#f3f7f5', '#c9e2dd'];
const SAFFRON: readonly [string, string] = ['#fff1d6', '#f5b86a'];
const CLAY: readonly [string, string] = ['#fbeee2', '#e8b894'];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    title: 'A2 Gir Cow Bilona Ghee',
    category: 'Ghee',
    solutions: ['Immunity Power', 'Best for Health'],
    sizes: [
      { label: '250 ml', sku: 'A2-GHEE-250ML', price: 595, mrp: 650, quantity: 60, weightGrams: 420 },
      { label: '500 ml', sku: 'A2-GHEE-500ML', price: 995, mrp: 1100, quantity: 40, weightGrams: 760, default: true },
      { label: '1 L', sku: 'A2-GHEE-1L', price: 1890, mrp: 2100, quantity: 15, weightGrams: 1380 },
    ],
    formerSlugs: [
      { slug: 'a2-gir-cow-bilona-ghee-250-ml', size: '250 ml' },
      { slug: 'a2-gir-cow-bilona-ghee-500-ml', size: '500 ml' },
    ],
    highlighted: true,
    label: { bestBefore: 'Best before 9 months from packing' },
    shortdesc: 'Hand-churned from the curd of our grass-fed Gir cows, the traditional bilona way.',
    description:
      'Our flagship ghee is made in small batches from the A2 milk of free-grazing Gir cows. The milk is set into curd overnight, churned by hand with a wooden bilona to lift the makkhan, then slow-simmered over a wood fire until it turns golden, grainy and fragrant.',
    story:
      'Every jar starts at dawn, when our Gir cows are milked by hand and the milk is boiled and set into curd in clay pots. By the next morning the curd is churned in both directions with a wooden bilona, and the butter that rises is simmered for hours until the milk solids turn a toasty brown.',
    highlights: [
      'A2 milk from indigenous Gir cows that graze freely',
      'Curd-churned (bilona), never made from cream',
      'Slow-cooked over a wood fire in small batches',
      'Granular texture and a deep, nutty aroma',
      'No preservatives, colour or added flavour',
    ],
    usage:
      'Spoon over hot rice and dal, spread on rotis, use it for tadka, or stir a teaspoon into warm milk at bedtime as our grandmothers did.',
    art: { pack: 'jar', fill: '#e9b44c', lid: '#7a4a1f', label: '#fff6e0', ink: '#5a3412', bg: CREAM },
  },
  {
    title: 'Desi Buffalo Ghee',
    category: 'Ghee',
    solutions: ['Best for Health'],
    sizes: [
      { label: '500 ml', sku: 'BUF-GHEE-500ML', price: 795, mrp: 850, quantity: 25, weightGrams: 760, default: true },
      { label: '1 L', sku: 'BUF-GHEE-1L', price: 1495, mrp: 1650, quantity: 12, weightGrams: 1380 },
    ],
    formerSlugs: [{ slug: 'desi-buffalo-ghee-500-ml', size: '500 ml' }],
    label: { bestBefore: 'Best before 9 months from packing' },
    shortdesc: 'Rich, white-gold ghee from the milk of our Murrah buffaloes, slow-cooked in iron kadhais.',
    description:
      'Buffalo ghee is richer and paler than cow ghee, with a creamy taste that suits sweets and deep-frying. We make ours from the milk of our own Murrah buffaloes, simmered slowly until clear.',
    story:
      'In many Punjabi and Haryanvi homes, buffalo ghee is the ghee of festivals. Ours is made exactly like that: cultured butter, an iron kadhai, and patience.',
    highlights: ['From our own Murrah buffaloes', 'High smoke point, great for frying and halwa', 'Creamy, mild flavour', 'Made in small batches'],
    usage: 'Use it for halwa, laddoos, pakoras and puris, or wherever a richer ghee is called for.',
    art: { pack: 'jar', fill: '#f3dc8f', lid: '#2f4f2f', label: '#f7f1e3', ink: '#2f4f2f', bg: MEADOW },
  },
  {
    title: 'Haldi Infused Ghee',
    category: 'Ghee',
    solutions: ['Immunity Power', 'Digestive issues'],
    sizes: [{ label: '200 ml', sku: 'HALDI-GHEE-200ML', price: 645, quantity: 18, weightGrams: 360 }],
    label: { bestBefore: 'Best before 6 months from packing' },
    shortdesc: 'Bilona ghee slow-infused with farm-grown turmeric and a pinch of black pepper.',
    description:
      'Our A2 bilona ghee gently infused with turmeric grown at the edge of our fields, with black pepper added as Ayurveda suggests. A warming spoonful for winter evenings.',
    story:
      'Turmeric and ghee have been paired in Indian kitchens for centuries. We grate fresh haldi roots from our farm into warm ghee and let them steep before straining.',
    highlights: ['Fresh farm-grown turmeric, not powder', 'A2 bilona ghee base', 'A pinch of black pepper', 'Warming and fragrant'],
    usage: 'Stir into warm milk for haldi doodh, or add a spoon to soups, dal and sabzi.',
    art: { pack: 'jar', fill: '#e8a317', lid: '#b5651d', label: '#fff3d6', ink: '#8a4b0f', bg: SAFFRON },
  },
  {
    title: 'Fresh Malai Paneer',
    localOnly: true,
    category: 'Milk Products',
    solutions: ['Best for Health', 'Best for childrens'],
    sizes: [{ label: '200 g', sku: 'PANEER-200G', price: 120, quantity: 30, weightGrams: 260 }],
    label: { bestBefore: 'Best before 3 days from packing. Keep refrigerated (below 5 °C)' },
    shortdesc: 'Soft, creamy paneer made every morning from full-cream cow milk.',
    description:
      'Made fresh each morning by curdling full-cream milk with lemon and pressing it lightly in muslin, so it stays soft and milky. Delivered chilled within a day of making.',
    story: 'Good paneer should be soft enough to crumble and firm enough to hold in a curry. Ours is pressed lightly and never frozen.',
    highlights: ['Made the same morning it ships', 'Full-cream cow milk', 'Set with lemon, no chemicals', 'High in protein'],
    usage: 'Cube it into palak paneer or matar paneer, grill it as tikka, or crumble it into bhurji. Keep refrigerated and use within 3 days.',
    art: { pack: 'tub', fill: '#faf7ee', lid: '#3f7cac', label: '#ffffff', ink: '#2d5d84', bg: SKY },
  },
  {
    title: 'Hand-Churned White Butter',
    localOnly: true,
    category: 'Milk Products',
    solutions: ['Best for childrens'],
    sizes: [{ label: '200 g', sku: 'BUTTER-200G', price: 260, quantity: 22, weightGrams: 260 }],
    label: { bestBefore: 'Best before 7 days from packing. Keep refrigerated (below 5 °C)' },
    shortdesc: 'Unsalted safed makkhan, churned from curd just like the village homes make it.',
    description:
      'Soft white butter churned from cultured curd, unsalted and unprocessed. It is the butter that becomes our ghee, set aside fresh for your table.',
    story: 'Before it becomes ghee, the makkhan from our bilona is this: soft, white, slightly tangy. We keep a little of it back every morning.',
    highlights: ['Churned from curd, not cream', 'Unsalted and unprocessed', 'Slightly tangy, very soft', 'Ships chilled'],
    usage: 'Melt on a hot makki ki roti or paratha, or add to dal makhani. Refrigerate and use within a week.',
    art: { pack: 'tub', fill: '#fff4c8', lid: '#e0b634', label: '#fffdf3', ink: '#7a5a12', bg: CREAM },
  },
  {
    title: 'Set Curd (Dahi)',
    localOnly: true,
    category: 'Milk Products',
    solutions: ['Digestive issues'],
    sizes: [{ label: '400 g', sku: 'DAHI-400G', price: 80, quantity: 35, weightGrams: 450 }],
    label: { bestBefore: 'Best before 4 days from packing. Keep refrigerated (below 5 °C)' },
    shortdesc: 'Thick, naturally set dahi with live cultures, from our morning milk.',
    description:
      'Whole cow milk set overnight with our own culture, the way it is done at home. Thick, mildly sour and full of live cultures that are kind to the stomach.',
    story: 'We set our dahi in small batches from the morning’s milk and a spoon of yesterday’s curd: a culture that has lived on the farm for years.',
    highlights: ['Live, naturally set cultures', 'Whole cow milk, nothing added', 'Thick and mildly sour', 'Made daily'],
    usage: 'Eat with lunch, whisk into raita or lassi, or use to marinate. Refrigerate and use within 4 days.',
    art: { pack: 'tub', fill: '#fffdf6', lid: '#b5502f', label: '#fff8f0', ink: '#8c3b22', bg: CLAY },
  },
  {
    title: 'Spiced Chaas',
    localOnly: true,
    category: 'Milk Products',
    solutions: ['Digestive issues'],
    sizes: [{ label: '500 ml', sku: 'CHAAS-500ML', price: 45, quantity: 50, weightGrams: 540 }],
    label: { bestBefore: 'Best before 2 days from packing. Keep refrigerated (below 5 °C)' },
    shortdesc: 'Cooling buttermilk with roasted cumin, ginger, curry leaves and rock salt.',
    description:
      'The light buttermilk left after churning our butter, spiced with roasted jeera, fresh ginger, curry leaves and sendha namak. A traditional after-meal drink for easy digestion.',
    story: 'Nothing from the bilona goes to waste: the buttermilk becomes our chaas, spiced the Gujarati way.',
    highlights: ['The real by-product of churning butter', 'Roasted cumin, ginger and curry leaves', 'Rock salt, no sugar', 'Cooling in summer'],
    usage: 'Serve chilled after lunch. Shake well before pouring; use within 2 days.',
    art: { pack: 'bottle', fill: '#f4f1e6', lid: '#4c8c4a', label: '#e6f2dc', ink: '#2f6b2d', bg: MEADOW },
  },
  {
    title: 'Danedar Khoa',
    localOnly: true,
    category: 'Milk Products',
    solutions: ['Best for childrens'],
    sizes: [{ label: '250 g', sku: 'KHOA-250G', price: 220, quantity: 0, weightGrams: 290 }],
    label: { bestBefore: 'Best before 4 days from packing. Keep refrigerated (below 5 °C)' },
    shortdesc: 'Grainy mawa from full-cream milk reduced for hours in an iron kadhai.',
    description:
      'Full-cream milk slowly reduced and stirred until it becomes a grainy, sweet-smelling khoa, the base of peda, gulab jamun and gajar halwa. Made only in small lots, so it sells out fast.',
    story: 'Ten litres of milk become about two kilograms of khoa after hours of stirring. That is why we make it only on weekends.',
    highlights: ['Only full-cream milk, reduced slowly', 'Grainy (danedar) texture', 'No starch or milk powder', 'Made in small weekend batches'],
    usage: 'Use for peda, barfi, gulab jamun or gajar halwa. Refrigerate and use within 4 days.',
    art: { pack: 'pouch', fill: '#f1e2c6', lid: '#8b5a2b', label: '#fffaf0', ink: '#7a4a1f', bg: CLAY },
  },
  {
    title: 'Bhringraj Ayurvedic Hair Oil',
    category: 'Ayurvedic Hair Oil',
    solutions: ['Best for Health'],
    sizes: [
      { label: '100 ml', sku: 'BHRINGRAJ-100ML', price: 345, mrp: 375, quantity: 30, weightGrams: 170 },
      { label: '200 ml', sku: 'BHRINGRAJ-200ML', price: 595, mrp: 650, quantity: 45, weightGrams: 300, default: true },
    ],
    formerSlugs: [{ slug: 'bhringraj-ayurvedic-hair-oil-200-ml', size: '200 ml' }],
    label: { bestBefore: 'Best before 24 months from manufacture. For external use only' },
    shortdesc: 'Bhringraj leaves cooked slowly in cold-pressed sesame oil, the classical way.',
    description:
      'A classical Ayurvedic taila: fresh bhringraj leaves from our herb garden, cooked for hours in cold-pressed sesame oil until the water has gone and the oil is deep green.',
    story: 'Bhringraj, called the king of hair in Ayurveda, grows wild along our water channels. We pick it fresh for every batch.',
    highlights: ['Fresh bhringraj from our herb garden', 'Cold-pressed sesame oil base', 'Taila paka: slow-cooked, not blended', 'No mineral oil or fragrance'],
    usage: 'Warm a little, massage into the scalp, leave for an hour or overnight, then wash with a mild shampoo.',
    art: { pack: 'bottle', fill: '#2e5e3a', lid: '#1e3a24', label: '#f3ebd3', ink: '#1e3a24', bg: MEADOW },
  },
  {
    title: 'Amla Brahmi Hair Oil',
    category: 'Ayurvedic Hair Oil',
    solutions: ['Best for Health'],
    sizes: [
      { label: '100 ml', sku: 'AMLA-BRAHMI-100ML', price: 249, quantity: 26, weightGrams: 170 },
      { label: '200 ml', sku: 'AMLA-BRAHMI-200ML', price: 449, mrp: 499, quantity: 38, weightGrams: 300, default: true },
    ],
    formerSlugs: [{ slug: 'amla-brahmi-hair-oil-200-ml', size: '200 ml' }],
    highlighted: true,
    label: { bestBefore: 'Best before 24 months from manufacture. For external use only' },
    shortdesc: 'Amla, brahmi and hibiscus in coconut and sesame oil for a cool, calm scalp.',
    description:
      'Our best-selling hair oil: amla, brahmi and hibiscus flowers slow-cooked in a blend of virgin coconut and cold-pressed sesame oil. Light, cooling and gently fragrant.',
    story: 'This is the oil our family has used on Sunday mornings for three generations, now made in larger pots.',
    highlights: ['Amla, brahmi and hibiscus', 'Virgin coconut and sesame oil', 'Cooling, light and non-sticky', 'Slow-cooked in small batches'],
    usage: 'Massage into the scalp and hair twice a week; leave for at least an hour before washing.',
    art: { pack: 'bottle', fill: '#7b4a1e', lid: '#5c8a2e', label: '#eaf2da', ink: '#3f6320', bg: MEADOW },
  },
  {
    title: 'Neelibhringadi Kesh Taila',
    category: 'Ayurvedic Hair Oil',
    solutions: ['Best for Health', 'Best for childrens'],
    sizes: [{ label: '100 ml', sku: 'NEELI-TAILA-100ML', price: 399, mrp: 425, quantity: 20, weightGrams: 170 }],
    label: { bestBefore: 'Best before 24 months from manufacture. For external use only' },
    shortdesc: 'A Kerala recipe with neeli, bhringraj, amla and coconut milk in coconut oil.',
    description:
      'A traditional Kerala preparation of neeli (indigo), bhringraj, amla and fresh coconut milk, cooked in coconut oil. Gentle enough for the whole family.',
    story: 'We learned this recipe from a vaidya in Thrissur and make it exactly as he taught us, with fresh coconut milk.',
    highlights: ['Neeli, bhringraj and amla', 'Fresh coconut milk cooked in', 'Gentle for the whole family', 'No parabens, no fragrance'],
    usage: 'Apply to the scalp before bath, two or three times a week.',
    art: { pack: 'bottle', fill: '#2c3e6b', lid: '#c9a227', label: '#edeaf6', ink: '#2c3e6b', bg: SKY },
  },
  {
    title: 'Raw Wild Forest Honey',
    category: 'Honey & Sweeteners',
    solutions: ['Immunity Power'],
    sizes: [
      // The small jar sells out first after every harvest.
      { label: '250 g', sku: 'HONEY-250G', price: 279, mrp: 299, quantity: 0, weightGrams: 420 },
      { label: '500 g', sku: 'HONEY-500G', price: 499, mrp: 550, quantity: 28, weightGrams: 720, default: true },
    ],
    formerSlugs: [{ slug: 'raw-wild-forest-honey-500-g', size: '500 g' }],
    highlighted: true,
    label: { bestBefore: 'Best before 18 months from packing' },
    shortdesc: 'Unheated, unfiltered honey gathered from wild hives in the forests near our farm.',
    description:
      'Honey collected by tribal honey hunters from wild hives, only strained through cloth, never heated or blended. It may crystallise in winter, which is a sign of raw honey.',
    story: 'Each season’s honey tastes of different flowers: jamun in summer, karanj in spring. We bottle every harvest separately.',
    highlights: ['Raw: never heated or pasteurised', 'Only cloth-strained', 'From wild hives, fairly bought', 'Natural crystallisation'],
    usage: 'A spoon in warm (not hot) water with lemon in the morning, or drizzled over fruit and curd.',
    art: { pack: 'jar', fill: '#d98e04', lid: '#6b3e1e', label: '#fff5dc', ink: '#6b3e1e', bg: SAFFRON },
  },
  {
    title: 'Organic Jaggery Powder',
    category: 'Honey & Sweeteners',
    solutions: ['Digestive issues', 'Best for childrens'],
    sizes: [
      { label: '500 g', sku: 'JAGGERY-500G', price: 99, quantity: 45, weightGrams: 520 },
      { label: '1 kg', sku: 'JAGGERY-1KG', price: 180, quantity: 40, weightGrams: 1030, default: true },
    ],
    formerSlugs: [{ slug: 'organic-jaggery-powder-1-kg', size: '1 kg' }],
    label: { bestBefore: 'Best before 9 months from packing. Store in an airtight jar' },
    shortdesc: 'Chemical-free desi khand from organically grown sugarcane, boiled in open pans.',
    description:
      'Sugarcane from our neighbour’s organic fields, crushed and boiled in open iron pans, cleaned only with plant-based okra mucilage and ground into a free-flowing powder.',
    story: 'In the winter crushing season the whole village smells of boiling cane. This is that smell, in a pouch.',
    highlights: ['Organically grown sugarcane', 'No sulphur, no chemical clarifiers', 'Open-pan boiled', 'Free-flowing powder'],
    usage: 'Sweeten tea, kheer and laddoos, or eat a pinch after meals as many Indian homes do.',
    art: { pack: 'pouch', fill: '#c89b5e', lid: '#7a4a1f', label: '#fff1d6', ink: '#7a4a1f', bg: CLAY },
  },
  {
    title: 'Wood-Pressed Mustard Oil',
    category: 'Cold-Pressed Oils',
    solutions: ['Best for Health'],
    sizes: [
      { label: '1 L', sku: 'MUSTARD-OIL-1L', price: 340, mrp: 380, quantity: 30, weightGrams: 1000, default: true },
      { label: '5 L', sku: 'MUSTARD-OIL-5L', price: 1599, mrp: 1800, quantity: 10, weightGrams: 4900 },
    ],
    formerSlugs: [{ slug: 'wood-pressed-mustard-oil-1-l', size: '1 L' }],
    label: { bestBefore: 'Best before 9 months from packing' },
    shortdesc: 'Pungent kachi ghani mustard oil, pressed slowly in a wooden churner.',
    description:
      'Black mustard seeds pressed slowly in a traditional wooden kolhu so the oil never heats up. Strong, pungent and golden, as mustard oil should be.',
    story: 'Our kolhu turns at the speed of a bullock’s walk, which keeps the oil cool and its sharp aroma intact.',
    highlights: ['Kachi ghani: pressed cold', 'Wooden kolhu, slow speed', 'Single-filtered, nothing added', 'Sharp, authentic pungency'],
    usage: 'Ideal for pickles, fish curry and sarson ka saag; heat until it just smokes before cooking.',
    art: { pack: 'bottle', fill: '#d9a514', lid: '#b03a2e', label: '#fff7d6', ink: '#8a2c22', bg: SAFFRON },
  },
  {
    title: 'Cold-Pressed Groundnut Oil',
    category: 'Cold-Pressed Oils',
    solutions: ['Best for Health'],
    sizes: [
      { label: '1 L', sku: 'GROUNDNUT-OIL-1L', price: 380, mrp: 420, quantity: 26, weightGrams: 1000, default: true },
      { label: '5 L', sku: 'GROUNDNUT-OIL-5L', price: 1799, mrp: 1990, quantity: 8, weightGrams: 4900 },
    ],
    formerSlugs: [{ slug: 'cold-pressed-groundnut-oil-1-l', size: '1 L' }],
    label: { bestBefore: 'Best before 6 months from packing' },
    shortdesc: 'Nutty, light groundnut oil from sun-dried peanuts, pressed below 45 °C.',
    description: 'Sun-dried peanuts pressed slowly in a wooden ghani below 45 °C, then settled naturally for a week before bottling.',
    story: 'Peanuts from Saurashtra, pressed here in small batches and left to settle in steel drums instead of being filtered with chemicals.',
    highlights: ['Wooden ghani, pressed cold', 'Naturally settled, not refined', 'Light and nutty', 'Good for everyday cooking'],
    usage: 'Use for everyday sabzi, dal tadka and shallow frying.',
    art: { pack: 'bottle', fill: '#e2b84a', lid: '#6b4423', label: '#fdf3e1', ink: '#6b4423', bg: CREAM },
  },
  {
    title: 'Virgin Coconut Oil',
    category: 'Cold-Pressed Oils',
    solutions: ['Immunity Power', 'Best for childrens'],
    sizes: [
      { label: '500 ml', sku: 'VCO-500ML', price: 420, mrp: 450, quantity: 33, weightGrams: 780, default: true },
      { label: '1 L', sku: 'VCO-1L', price: 799, mrp: 860, quantity: 14, weightGrams: 1400 },
    ],
    formerSlugs: [{ slug: 'virgin-coconut-oil-500-ml', size: '500 ml' }],
    highlighted: true,
    label: {
      bestBefore: 'Best before 12 months from packing',
      // Pressed and packed by the partner farms (the shop's own address is the default packer).
      packer: 'Packed by Thrissur Coconut Growers Co-operative, Mannuthy, Thrissur, Kerala 680651',
    },
    shortdesc: 'Cold-processed from fresh coconut milk, water-clear with a sweet coconut aroma.',
    description:
      'Made from the milk of fresh coconuts, not dried copra, and separated without heat. Water-clear when liquid and snow-white when it sets in winter.',
    story: 'Fresh coconuts from Kerala partner farms are grated, pressed for their milk and left to separate naturally.',
    highlights: ['From fresh coconut milk, not copra', 'No heat, no chemicals', 'Sweet, delicate aroma', 'For cooking, skin and hair'],
    usage: 'Cook with it, massage babies with it, or use it as a light hair and skin oil.',
    art: { pack: 'jar', fill: '#fbfaf3', lid: '#4e7d3a', label: '#eaf5e1', ink: '#35602a', bg: MEADOW },
  },
  {
    title: 'Stone-Ground Whole Wheat Atta',
    category: 'Grains & Flours',
    solutions: ['Best for Health'],
    sizes: [
      { label: '1 kg', sku: 'ATTA-1KG', price: 95, quantity: 40, weightGrams: 1030 },
      { label: '5 kg', sku: 'ATTA-5KG', price: 425, quantity: 20, weightGrams: 5080, default: true },
      { label: '10 kg', sku: 'ATTA-10KG', price: 820, quantity: 9, weightGrams: 10150 },
    ],
    formerSlugs: [{ slug: 'stone-ground-whole-wheat-atta-5-kg', size: '5 kg' }],
    label: { bestBefore: 'Best before 2 months from milling' },
    shortdesc: 'Sharbati wheat ground slowly on a stone chakki, with all its bran and germ.',
    description:
      'Organically grown sharbati wheat, cleaned by hand and ground slowly on a stone chakki so the flour stays cool and keeps its bran and germ. Makes soft, sweet rotis.',
    story: 'We grind only once a week, so the atta in your kitchen is never more than a few days old.',
    highlights: ['Organic sharbati wheat', 'Stone chakki, slow and cool', 'Whole grain: bran and germ kept', 'Ground fresh every week'],
    usage: 'Knead with a little warm water and rest for 20 minutes for the softest rotis.',
    art: { pack: 'pouch', fill: '#d9bf8c', lid: '#a0522d', label: '#fff8ea', ink: '#7a3b1c', bg: CREAM },
  },
  {
    title: 'Foxtail Millet (Kangni)',
    category: 'Grains & Flours',
    solutions: ['Digestive issues', 'Best for childrens'],
    sizes: [{ label: '1 kg', sku: 'KANGNI-1KG', price: 160, quantity: 24, weightGrams: 1030 }],
    label: { bestBefore: 'Best before 6 months from packing' },
    shortdesc: 'Rain-fed foxtail millet, dehusked gently and ready to cook like rice.',
    description:
      'A light, ancient grain grown without irrigation or chemicals. Cook it like rice, or make upma, khichdi and pongal with it.',
    story: 'Millets need little water and no chemicals. We grow foxtail millet on our upper fields, where the rain is the only irrigation.',
    highlights: ['Rain-fed, chemical-free', 'Gently dehusked, not polished', 'Light and easy to digest', 'Cooks in 15 minutes'],
    usage: 'Rinse, soak for 30 minutes, then cook with 2.5 cups of water per cup of millet.',
    art: { pack: 'pouch', fill: '#e6cf8b', lid: '#6b8e23', label: '#f6f9ec', ink: '#4b6a1a', bg: MEADOW },
  },
];

export interface DemoBlog {
  title: string;
  content: string;
  /** Age of the post, so the list has a believable order. */
  daysAgo: number;
  cover: Omit<CoverArt, 'title'>;
}

/** The size a client that knows nothing of sizes buys: the one flagged, else the first. */
export function defaultSize(p: DemoProduct): DemoSize {
  return p.sizes.find((s) => s.default) ?? p.sizes[0]!;
}

/** "Haldi Infused Ghee 200 ml" for a product sold in one size; just the title when the shopper picks a size. */
export function demoProductName(p: DemoProduct): string {
  return p.sizes.length === 1 ? `${p.title} ${p.sizes[0]!.label}` : p.title;
}

/** The demo product with this title and a size with this label (sliders, covers and tiles name them so). */
export function demoProductOf(title: string, size: string): DemoProduct {
  const p = DEMO_PRODUCTS.find((x) => x.title === title && x.sizes.some((s) => s.label === size));
  if (!p) throw new Error(`demo data: no product ${title} ${size}`);
  return p;
}
const packOf = (brand: string, title: string, size: string) => {
  const p = demoProductOf(title, size);
  return { art: p.art, label: { brand, title: p.title, size } };
};

export function demoBlogs(brand: string): DemoBlog[] {
  return [
    {
      title: 'Bilona Ghee: Why the Slow Way Still Matters',
      daysAgo: 3,
      cover: {
        kicker: 'Ghee',
        bg: CREAM,
        ink: '#5a3412',
        packs: [packOf(brand, 'A2 Gir Cow Bilona Ghee', '500 ml'), packOf(brand, 'Haldi Infused Ghee', '200 ml')],
      },
      content: `<h2>Ghee is not just clarified butter</h2>
<p>Most ghee sold today is made by separating cream from milk and boiling it. The <strong>bilona</strong> method takes a longer road: the whole milk is first turned into curd, and only then churned. It is slower and needs far more milk per jar, but it is how ghee was made in Indian homes for centuries.</p>
<h2>How we make it, step by step</h2>
<ol>
<li><strong>Milking at dawn.</strong> Our Gir cows are milked by hand, and the milk is boiled the same morning.</li>
<li><strong>Setting the curd.</strong> The milk is cooled and set into curd overnight in clay pots with a spoon of yesterday’s culture.</li>
<li><strong>Churning.</strong> The curd is churned both ways with a wooden bilona until white makkhan floats to the top.</li>
<li><strong>Slow cooking.</strong> The makkhan is simmered over a wood fire until the milk solids turn golden and the ghee turns clear.</li>
<li><strong>Resting.</strong> The ghee is strained and left to set, which gives it its soft, grainy texture.</li>
</ol>
<h2>What you will notice</h2>
<ul>
<li>A deep, nutty aroma the moment you open the jar.</li>
<li>A <em>danedar</em> (granular) texture when it sets at room temperature.</li>
<li>A golden-yellow colour that comes from the cows’ green fodder, not from additives.</li>
</ul>
<blockquote><p>About 25 to 30 litres of milk go into one litre of bilona ghee. That is why it costs more, and why we make it only in small batches.</p></blockquote>
<h3>Storing your ghee</h3>
<p>Keep the jar closed, away from sunlight, and always use a dry spoon. Ghee made this way keeps well for months without a refrigerator.</p>`,
    },
    {
      title: 'A2 Milk Explained: What Makes Desi Cow Milk Different',
      daysAgo: 10,
      cover: {
        kicker: 'Milk',
        bg: SKY,
        ink: '#2d5d84',
        packs: [packOf(brand, 'Spiced Chaas', '500 ml'), packOf(brand, 'Fresh Malai Paneer', '200 g')],
      },
      content: `<h2>A1 and A2: one small difference</h2>
<p>Cow’s milk contains a protein called <strong>beta-casein</strong>, which comes in two common forms, A1 and A2. They differ by a single amino acid. Many European breeds give milk with both forms, while indigenous Indian breeds such as Gir, Sahiwal and Red Sindhi naturally give milk with <em>only</em> the A2 form.</p>
<h2>Why some families prefer it</h2>
<p>Some people find A2 milk easier to digest than ordinary milk. Research into the reasons is still going on, so we do not make medical claims; we simply hear from many customers that it suits them better.</p>
<ul>
<li>It comes from <strong>indigenous breeds</strong> suited to the Indian climate.</li>
<li>Our cows graze freely and eat green fodder from our own fields.</li>
<li>It is the milk Indian kitchens were built around: for dahi, paneer, ghee and chaas.</li>
</ul>
<h2>Desi breeds we know and love</h2>
<table>
<thead><tr><th>Breed</th><th>Home region</th><th>Known for</th></tr></thead>
<tbody>
<tr><td>Gir</td><td>Gujarat</td><td>Rich milk, gentle nature</td></tr>
<tr><td>Sahiwal</td><td>Punjab</td><td>High yield, heat tolerance</td></tr>
<tr><td>Red Sindhi</td><td>Sindh and Rajasthan</td><td>Hardy, thrives on little water</td></tr>
</tbody>
</table>
<h3>How to tell good A2 milk</h3>
<ol>
<li>Ask which breed it comes from, and whether the herd is tested.</li>
<li>Look for a thick layer of malai when the boiled milk cools.</li>
<li>Prefer a farm you can visit. Ours is open on Sunday mornings.</li>
</ol>`,
    },
    {
      title: 'Ayurvedic Hair Care: A Weekly Oiling Ritual',
      daysAgo: 18,
      cover: {
        kicker: 'Hair care',
        bg: MEADOW,
        ink: '#3f6320',
        packs: [packOf(brand, 'Amla Brahmi Hair Oil', '200 ml'), packOf(brand, 'Bhringraj Ayurvedic Hair Oil', '200 ml')],
      },
      content: `<h2>Why oil at all?</h2>
<p>In Ayurveda, <em>shiro abhyanga</em>, the warm oil massage of the head, is part of everyday self-care. A regular oiling keeps the scalp from drying out, softens the hair and, just as importantly, makes you slow down for half an hour.</p>
<h2>Herbs that go into our oils</h2>
<ul>
<li><strong>Bhringraj</strong>, the “king of hair”, traditionally used for strong, dark hair.</li>
<li><strong>Amla</strong>, rich in vitamin C and used to nourish the scalp.</li>
<li><strong>Brahmi</strong>, known for its cooling, calming nature.</li>
<li><strong>Hibiscus</strong>, which gives a gentle shine and softness.</li>
<li><strong>Neeli</strong> (indigo leaf), the heart of the classic Kerala oil <em>Neelibhringadi</em>.</li>
</ul>
<h2>A simple weekly ritual</h2>
<ol>
<li>Warm two tablespoons of oil by standing the bottle in a bowl of hot water.</li>
<li>Part your hair into sections and apply the oil to the scalp with your fingertips.</li>
<li>Massage in small circles for five to ten minutes.</li>
<li>Leave it on for at least an hour, or overnight with an old towel on the pillow.</li>
<li>Wash with a mild shampoo or a paste of shikakai and reetha.</li>
</ol>
<blockquote><p>Consistency matters more than quantity: a little oil twice a week does more than a lot once a month.</p></blockquote>
<h3>A note on patch testing</h3>
<p>Herbal oils are gentle, but everyone’s skin is different. Try a little behind the ear first, and ask your doctor before using any oil on an infant’s scalp.</p>`,
    },
  ];
}

export interface DemoSlider {
  name: string;
  url: string;
  banner: Omit<BannerArt, 'packs'> & { packs: Array<[title: string, size: string]> };
}

export const DEMO_SLIDERS: DemoSlider[] = [
  {
    name: 'Golden Bilona Ghee',
    url: '/category/ghee',
    banner: {
      headline: 'Golden Bilona Ghee',
      subline: 'Hand-churned from the A2 milk of our Gir cows',
      cta: 'Shop Ghee',
      bg: CREAM,
      ink: '#5a3412',
      button: '#a0522d',
      packs: [
        ['A2 Gir Cow Bilona Ghee', '250 ml'],
        ['A2 Gir Cow Bilona Ghee', '500 ml'],
        ['Haldi Infused Ghee', '200 ml'],
      ],
    },
  },
  {
    name: 'Straight From Our Farm',
    url: '/allproducts',
    banner: {
      headline: 'Straight From Our Farm',
      subline: 'Ghee, fresh dairy, cold-pressed oils and stone-ground flours',
      cta: 'Shop All Products',
      bg: MEADOW,
      ink: '#2f4f2f',
      button: '#4c7a2e',
      packs: [
        ['Fresh Malai Paneer', '200 g'],
        ['Wood-Pressed Mustard Oil', '1 L'],
        ['Stone-Ground Whole Wheat Atta', '5 kg'],
      ],
    },
  },
  {
    name: 'Immunity Essentials',
    url: '/solutions/immunity-power',
    banner: {
      headline: 'Build Immunity, Naturally',
      subline: 'Haldi ghee, raw forest honey and virgin coconut oil',
      cta: 'Explore Immunity Power',
      bg: SAFFRON,
      ink: '#6b3e1e',
      button: '#b5651d',
      packs: [
        ['Raw Wild Forest Honey', '500 g'],
        ['Haldi Infused Ghee', '200 ml'],
        ['Virgin Coconut Oil', '500 ml'],
      ],
    },
  },
];

/**
 * The home page's three video tiles, each selling a demo product (by title and its default size, whose price the tile
 * shows) at the SPEC's prices (595, 595 and 995). drizzle/0008_home_tiles.sql writes the same tiles; the seed links
 * them once the products exist. A tile shows its product's default size, and the A2 ghee's default is the 500 ml jar
 * (995, tile 3), so the first tile ("A2 Cow Ghee", 595) sells the haldi-infused A2 cow ghee, whose one size costs 595
 * (a tile cannot name a size of a product yet).
 */
export const DEMO_HOME_TILES: Array<{ position: number; product: [title: string, size: string] }> = [
  { position: 1, product: ['A2 Gir Cow Bilona Ghee', '250 ml'] },
  { position: 2, product: ['Bhringraj Ayurvedic Hair Oil', '200 ml'] },
  { position: 3, product: ['A2 Gir Cow Bilona Ghee', '500 ml'] },
];

/** The product's rich contents, built from its story, highlights and usage. */
export function productContents(p: DemoProduct): string {
  return `<h2>From our farm</h2>
<p>${p.story}</p>
<h3>Why you will love it</h3>
<ul>${p.highlights.map((h) => `<li>${h}</li>`).join('')}</ul>
<h3>How to use</h3>
<p>${p.usage}</p>`;
}

export function demoPack(brand: string, title: string, size: string) {
  return packOf(brand, title, size);
}
