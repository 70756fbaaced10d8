import { graphqlDocument } from '../../../lib/graphql-document';
import { PRODUCT_SUMMARY_SELECTION, type ProductSummary } from '../../../lib/product-summary';

/** Reviews shown at first and per "Show more reviews". */
export const REVIEWS_PER_PAGE = 5;

export interface Review {
  id: string;
  userId: string;
  userName: string;
  rating: number;
  comment: string;
  /** The reviewer received the product (a delivered order of it). */
  verifiedPurchase: boolean;
  /** pending (waits for staff), approved (shown) or rejected; others only see approved ones (decision 0056). */
  status: string;
  /** Why staff rejected it (only its author sees a rejected review). */
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewPage {
  reviews: Review[];
  total: number;
  totalPages: number;
  currentPage: number;
}

export interface ProductDetail {
  id: string;
  code: string;
  name: string;
  price: number;
  oldPrice: number;
  discount: number;
  description: string;
  image: string[];
  category: { id: string; index: number; str: string; name: string };
  subcat: { id: string; str: string; name: string } | null;
  size: string[];
  colors: string[];
  /** The colours with their own pictures; the others show `image`. */
  colorImages: { color: string; images: string[] }[];
  stock: number;
  stockDetail: { size: string; stock: number }[];
  rating: number;
  reviews: number;
  badge: string | null;
  related: ProductSummary[];
  reviewList: ReviewPage;
}

export interface NamedColor {
  name: string;
  hex: string;
}

export interface ProductDetailData {
  product: ProductDetail | null;
  colorPalette: NamedColor[];
}

const REVIEW_SELECTION = 'id userId userName rating comment verifiedPurchase status rejectionReason createdAt updatedAt';
const REVIEW_PAGE_SELECTION = `reviews { ${REVIEW_SELECTION} } total totalPages currentPage`;

/** Everything the product page shows, with the palette that gives colour names their swatch. */
export const PRODUCT_DETAIL_QUERY = graphqlDocument('ProductDetail', `
  query ProductDetail($id: ID!) {
    product(id: $id) {
      id
      code
      name
      price
      oldPrice
      discount
      description
      image
      category { id index str name }
      subcat { id str name }
      size
      colors
      colorImages { color images }
      stock
      stockDetail { size stock }
      rating
      reviews
      badge
      related(limit: 4) { ${PRODUCT_SUMMARY_SELECTION} }
      reviewList(page: 1, limit: ${REVIEWS_PER_PAGE}) { ${REVIEW_PAGE_SELECTION} }
    }
    colorPalette { name hex }
  }
`);

export interface ReviewPageData {
  product: { id: string; reviewList: ReviewPage } | null;
}

export const PRODUCT_REVIEWS_QUERY = graphqlDocument('ProductReviews', `
  query ProductReviews($id: ID!, $page: Int!) {
    product(id: $id) {
      id
      reviewList(page: $page, limit: ${REVIEWS_PER_PAGE}) { ${REVIEW_PAGE_SELECTION} }
    }
  }
`);

export interface MyReviewData {
  product: { id: string; myReview: Review | null } | null;
}

/** The logged-in user's own review (asked separately: it depends on who is logged in). */
export const MY_REVIEW_QUERY = graphqlDocument('MyReview', `
  query MyReview($id: ID!) {
    product(id: $id) {
      id
      myReview { ${REVIEW_SELECTION} }
    }
  }
`);

export interface UpsertReviewData {
  upsertReview: {
    success: boolean;
    message: string | null;
    review: Review | null;
    product: { id: string; rating: number; reviews: number } | null;
  };
}

export const UPSERT_REVIEW_MUTATION = graphqlDocument('UpsertReview', `
  mutation UpsertReview($productId: ID!, $rating: Int!, $comment: String!) {
    upsertReview(productId: $productId, rating: $rating, comment: $comment) {
      success
      message
      review { ${REVIEW_SELECTION} }
      product { id rating reviews }
    }
  }
`);
