import { MAX_DISCOUNT_PERCENT, MAX_MONEY_PAISE, PAISE_PER_RUPEE } from './money';
import { MAX_ADMIN_PAGE_SIZE } from './paging';

/**
 * The catalog's shared definitions: tags, sizes, colours, categories, limits and messages, plain
 * data without zod so the web imports them too (through web.ts); catalog.ts builds its request
 * schemas on them. The service seeds its categories table from CATEGORY_DEFINITIONS (after that
 * the table is the truth and staff may edit it); the web uses the same lists for its forms until
 * the catalog query answers.
 */

// ---------------------------------------------------------------------------------------------
// Sizes

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** The size option sets of the admin form. */
export const SIZE_SETS = {
  letters: ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'],
  shoe: range(4, 15),
  waist: range(28, 38),
  kids: ['0-6 months', '6m-1y', '1-2 years', '2-3 years', '4-5 years', '6-7 years', '8-9 years', '10-12 years', '13-15 years'],
  free: ['free'],
  none: [],
} as const satisfies Record<string, readonly string[]>;
export type SizeSetName = keyof typeof SIZE_SETS;
export const SIZE_SET_NAMES = Object.keys(SIZE_SETS) as SizeSetName[];

export function sizeOptionsOf(sizeSet: string): readonly string[] {
  return (SIZE_SETS as Record<string, readonly string[]>)[sizeSet] ?? [];
}

// ---------------------------------------------------------------------------------------------
// Colours

export interface NamedColor {
  name: string;
  hex: string;
}

/** The admin colour palette (about 50 named colours); products store the names. */
export const COLOR_PALETTE: readonly NamedColor[] = [
  { name: 'Black', hex: '#000000' },
  { name: 'White', hex: '#FFFFFF' },
  { name: 'Off White', hex: '#FAF9F6' },
  { name: 'Ivory', hex: '#FFFFF0' },
  { name: 'Cream', hex: '#FFFDD0' },
  { name: 'Beige', hex: '#F5F5DC' },
  { name: 'Grey', hex: '#808080' },
  { name: 'Silver', hex: '#C0C0C0' },
  { name: 'Charcoal', hex: '#36454F' },
  { name: 'Navy Blue', hex: '#000080' },
  { name: 'Blue', hex: '#1F51FF' },
  { name: 'Royal Blue', hex: '#4169E1' },
  { name: 'Sky Blue', hex: '#87CEEB' },
  { name: 'Peacock Blue', hex: '#005F69' },
  { name: 'Teal', hex: '#008080' },
  { name: 'Turquoise', hex: '#40E0D0' },
  { name: 'Indigo', hex: '#4B0082' },
  { name: 'Green', hex: '#008000' },
  { name: 'Bottle Green', hex: '#006A4E' },
  { name: 'Sea Green', hex: '#2E8B57' },
  { name: 'Mint Green', hex: '#98FF98' },
  { name: 'Olive', hex: '#808000' },
  { name: 'Lime', hex: '#32CD32' },
  { name: 'Yellow', hex: '#FFD300' },
  { name: 'Mustard', hex: '#E1AD01' },
  { name: 'Gold', hex: '#D4AF37' },
  { name: 'Khaki', hex: '#C3B091' },
  { name: 'Tan', hex: '#D2B48C' },
  { name: 'Brown', hex: '#8B4513' },
  { name: 'Coffee', hex: '#6F4E37' },
  { name: 'Chocolate', hex: '#7B3F00' },
  { name: 'Copper', hex: '#B87333' },
  { name: 'Rust', hex: '#B7410E' },
  { name: 'Orange', hex: '#FF8C00' },
  { name: 'Peach', hex: '#FFCBA4' },
  { name: 'Coral', hex: '#FF7F50' },
  { name: 'Red', hex: '#D0021B' },
  { name: 'Crimson', hex: '#DC143C' },
  { name: 'Maroon', hex: '#800000' },
  { name: 'Wine', hex: '#722F37' },
  { name: 'Pink', hex: '#FFC0CB' },
  { name: 'Baby Pink', hex: '#F4C2C2' },
  { name: 'Hot Pink', hex: '#FF69B4' },
  { name: 'Rani Pink', hex: '#E0115F' },
  { name: 'Rose Gold', hex: '#B76E79' },
  { name: 'Magenta', hex: '#FF00FF' },
  { name: 'Purple', hex: '#800080' },
  { name: 'Violet', hex: '#8F00FF' },
  { name: 'Lavender', hex: '#B57EDC' },
  { name: 'Mauve', hex: '#E0B0FF' },
];

/** The palette name a colour is written as (any case), or undefined. */
export function resolveColorName(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  return COLOR_PALETTE.find((c) => c.name.toLowerCase() === v)?.name;
}

export function colorHexOf(name: string): string | undefined {
  return COLOR_PALETTE.find((c) => c.name === name)?.hex;
}

// ---------------------------------------------------------------------------------------------
// Categories

export interface SubcategoryDefinition {
  /** e.g. '12-1': the category id, a dash, the position. */
  id: string;
  /** Slug, e.g. 'ladies_kurti'. */
  str: string;
  name: string;
  /** Hidden by staff: not offered to shoppers (products keep it). */
  hidden?: boolean;
}

export interface CategoryDefinition {
  /** Stable id: the 1-based position as text ('1' … '16'). */
  id: string;
  /** 0-based position among the top-level categories; the REST API's `?category=`. */
  index: number;
  /** Slug, e.g. 'kids-toys'. */
  str: string;
  name: string;
  /** URL of the category's tile; empty until its artwork is stored. */
  image: string;
  colors: boolean;
  ssize: boolean;
  sizeSet: SizeSetName;
  subcategories: SubcategoryDefinition[];
}

type CategorySeed = Omit<CategoryDefinition, 'id' | 'index' | 'image' | 'subcategories' | 'ssize'> & {
  subcategories: Array<[str: string, name: string]>;
};

/**
 * Reading A's 16 categories in their order. Reading B's 23 slugs sit under the nearest of them
 * (fashion under Men, others and etc under Gifts & Gadget); categories that had none get a few
 * sensible ones of our own.
 */
const CATEGORY_SEEDS: CategorySeed[] = [
  {
    str: 'kids-toys',
    name: 'Kids & Toys',
    colors: true,
    sizeSet: 'kids',
    subcategories: [
      ['toys', 'Toys'],
      ['kids_knowledge_kit', 'Kids Knowledge Kit'],
      ['kids_clothing', 'Kids Clothing'],
    ],
  },
  {
    str: 'home-kitchen',
    name: 'Home & Kitchen',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['home_decor', 'Home Decor'],
      ['home_furnishing', 'Home Furnishing'],
      ['bed_sheet', 'Bed Sheets'],
      ['plastic_items', 'Plastic Items'],
      ['broom', 'Brooms & Cleaning'],
      ['cookware', 'Cookware'],
    ],
  },
  {
    str: 'beauty-health',
    name: 'Beauty & Health',
    colors: false,
    sizeSet: 'none',
    subcategories: [
      ['cosmetics', 'Cosmetics'],
      ['skin_care', 'Skin Care'],
      ['personal_care', 'Personal Care'],
    ],
  },
  {
    str: 'jewellery-accessories',
    name: 'Jewellery & Accessories',
    colors: true,
    sizeSet: 'free',
    subcategories: [
      ['artificial_jewelry', 'Artificial Jewellery'],
      ['wallets_belts', 'Wallets & Belts'],
      ['sunglasses', 'Sunglasses'],
    ],
  },
  {
    str: 'bags',
    name: 'Bags',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['hand_bag', 'Handbags'],
      ['luggage_bag', 'Luggage Bags'],
      ['trolley', 'Trolleys'],
      ['backpacks', 'Backpacks'],
    ],
  },
  {
    str: 'footwear',
    name: 'Footwear',
    colors: true,
    sizeSet: 'shoe',
    subcategories: [
      ['sports_shoes', 'Sports Shoes'],
      ['sandals', 'Sandals'],
      ['formal_shoes', 'Formal Shoes'],
      ['slippers', 'Slippers & Flip-flops'],
    ],
  },
  {
    str: 'watches',
    name: 'Watches',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['watches', 'Analog Watches'],
      ['smart_watches', 'Smart Watches'],
    ],
  },
  {
    str: 'grocery',
    name: 'Grocery',
    colors: false,
    sizeSet: 'none',
    subcategories: [
      ['staples', 'Staples'],
      ['beverage_items', 'Beverages'],
      ['chocolate_toffee', 'Chocolates & Toffees'],
      ['snacks', 'Snacks'],
    ],
  },
  {
    str: 'books',
    name: 'Books',
    colors: false,
    sizeSet: 'none',
    subcategories: [
      ['novel_books', 'Novels'],
      ['academic_books', 'Academic & Exam Prep'],
      ['children_books', "Children's Books"],
    ],
  },
  {
    str: 'lingerie',
    name: 'Lingerie',
    colors: true,
    sizeSet: 'letters',
    subcategories: [
      ['bras', 'Bras'],
      ['briefs', 'Briefs & Panties'],
      ['nightwear', 'Nightwear'],
    ],
  },
  {
    str: 'men',
    name: 'Men',
    colors: true,
    sizeSet: 'letters',
    subcategories: [
      ['fashion', "Men's Fashion"],
      ['shirts', 'Shirts'],
      ['tshirts', 'T-Shirts'],
      ['ethnic_wear', 'Ethnic Wear'],
    ],
  },
  {
    str: 'women',
    name: 'Women',
    colors: true,
    sizeSet: 'letters',
    subcategories: [
      ['ladies_kurti', 'Kurtis'],
      ['ladies_suit', 'Suits & Dress Materials'],
      ['sarees', 'Sarees'],
      ['western_wear', 'Western Wear'],
    ],
  },
  {
    str: 'stationary',
    name: 'Stationery',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['pens', 'Pens & Pencils'],
      ['notebooks', 'Notebooks & Diaries'],
      ['art_supplies', 'Art Supplies'],
    ],
  },
  {
    str: 'sports',
    name: 'Sports',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['cricket', 'Cricket'],
      ['football', 'Football'],
      ['badminton', 'Badminton'],
    ],
  },
  {
    str: 'fitness',
    name: 'Fitness',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['gym_equipment', 'Gym Equipment'],
      ['yoga', 'Yoga'],
      ['fitness_accessories', 'Fitness Accessories'],
    ],
  },
  {
    str: 'gifts-gadget',
    name: 'Gifts & Gadget',
    colors: true,
    sizeSet: 'none',
    subcategories: [
      ['mobile_accessories', 'Mobile Accessories'],
      ['gadgets', 'Gadgets'],
      ['gift_items', 'Gift Items'],
      ['others', 'Others'],
      ['etc', 'Miscellaneous'],
    ],
  },
];

export const CATEGORY_DEFINITIONS: readonly CategoryDefinition[] = CATEGORY_SEEDS.map((seed, index) => {
  const id = String(index + 1);
  return {
    id,
    index,
    str: seed.str,
    name: seed.name,
    image: '',
    colors: seed.colors,
    ssize: seed.sizeSet !== 'none',
    sizeSet: seed.sizeSet,
    subcategories: seed.subcategories.map(([str, name], i) => ({ id: `${id}-${i + 1}`, str, name })),
  };
});

export const CATEGORY_COUNT = CATEGORY_DEFINITIONS.length;

// ---------------------------------------------------------------------------------------------
// Limits and messages

export const MAX_PRODUCT_IMAGES = 5;
/** The most money a request may name (money.ts), in rupees: ₹10,00,000. */
export const MAX_PRICE_RUPEES = MAX_MONEY_PAISE / PAISE_PER_RUPEE;
export const MAX_STOCK = 1_000_000;
export const PRODUCT_CODE_MAX_LENGTH = 40;
export const PRODUCT_NAME_MAX_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const BADGE_MAX_LENGTH = 30;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
export const ADMIN_DEFAULT_PAGE_SIZE = 20;
/** The largest page of the staff lists (paging.ts). */
export const ADMIN_MAX_PAGE_SIZE = MAX_ADMIN_PAGE_SIZE;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const RELATED_PRODUCTS = 4;
/**
 * A search counts its matches up to this many and no further (decision 0040): a broader search
 * answers productCount = this cap with productCountCapped = true ("1,000+ results"), and offers
 * pages up to the cap only.
 */
export const SEARCH_COUNT_CAP = 1000;

export const catalogMessages = {
  nameRequired: 'Please enter the product name',
  nameTooLong: `Product name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters long`,
  codeRequired: 'Please enter the product ID',
  codeTooLong: `Product ID must be at most ${PRODUCT_CODE_MAX_LENGTH} characters long`,
  priceRequired: 'Please enter the price',
  priceInvalid: `Price must be a number more than 0 and at most ${MAX_PRICE_RUPEES}`,
  descriptionRequired: 'Please enter the product description',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters long`,
  categoryRequired: 'Please select a category',
  unknownCategory: 'Unknown category',
  stockRequired: 'Please enter the stock',
  stockInvalid: 'Stock must be a whole number, 0 or more',
  subcatRequired: 'Please select a subcategory',
  unknownSubcat: 'This subcategory does not belong to the chosen category',
  discountInvalid: `Discount must be a whole number from 0 to ${MAX_DISCOUNT_PERCENT}`,
  tooManyImages: `You can only upload a maximum of ${MAX_PRODUCT_IMAGES} images.`,
  colorImagesInvalid: 'Colour pictures must be a list of image URLs per colour',
  colorImagesNotOffered: 'Pictures are given for a colour the product does not offer',
  invalidImage: 'Images must be uploaded image URLs (/media/… or https://…)',
  unknownTag: 'Unknown tag',
  unknownColor: 'Unknown colour',
  noColors: 'This category does not offer colours',
  sizeNotOffered: 'Size is not offered in this category',
  stockForUnknownSize: 'Stock is given for a size that is not selected',
  badgeTooLong: `Badge must be at most ${BADGE_MAX_LENGTH} characters long`,
  listInvalid: 'Must be a list',
  duplicateCode: 'A product with this ID already exists',
  invalidProductId: 'Invalid product ID',
  productNotFound: 'Product not found',
  productCreated: 'Product Created successfully',
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully',
  ratingRequired: 'Please give a rating from 1 to 5',
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  commentRequired: 'Please write a comment',
  commentTooLong: `Comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters long`,
  reviewAdded: 'Review added successfully',
  reviewUpdated: 'Review updated successfully',
  invalidReviewId: 'Invalid review ID',
  reviewNotFound: 'Review not found',
  categoryNameRequired: 'Please enter the category name',
  categoryNameTooLong: 'Category name must be at most 60 characters long',
  categoryFlagInvalid: 'colors, ssize and hidden must be true or false',
  sizeSetInvalid: 'sizeSet must be one of letters, shoe, waist, kids, free, none',
  positionInvalid: 'position must be a whole number, 0 or more',
  categoryNotFound: 'Category not found',
  categoryNameTaken: 'A category with this name already exists',
  categoryInUse: (n: number) => `This category is used by ${n} product${n === 1 ? '' : 's'}; move or delete them first`,
  subcategoryFieldsInvalid: 'A subcategory takes only name, position and hidden',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
  reviewSearchInvalid: 'Search text must be at most 100 characters',
  reviewLimitInvalid: 'limit must be a whole number from 1 to 100',
  reviewDeleted: 'Review deleted successfully',
  pageInvalid: 'page must be a whole number, 1 or more',
  limitInvalid: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  adminLimitInvalid: `limit (or pageSize) must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`,
  priceBandInvalid: 'price must be one of all, under500, 500-1000 or above1000',
  sortInvalid: 'sort must be one of popular, newest, price_asc, price_desc, discount or rating',
  flagInvalid: 'discount and inStock must be true or false',
  unknownSubcatFilter: 'Unknown subcategory',
  searchRequired: 'Please enter something to search for',
  sizeFilterInvalid: 'size must be one of the shop\'s sizes (S, M, L, XL, 4–15, 28–38, free, …)',
  colorFilterInvalid: 'color must be a colour of the shop\'s palette',
  ratingFilterInvalid: 'rating must be a whole number from 1 to 4 (that many stars and above)',
  searchFiltersOnly: 'size, color and rating filter search results only',
  searchTooLong: `Search text must be at most ${SEARCH_QUERY_MAX_LENGTH} characters long`,
} as const;
