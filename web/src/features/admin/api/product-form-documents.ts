import { graphqlDocument } from '../../../lib/graphql-document';

/** A category as the product form needs it: its subcategories, whether it offers colours, its sizes. */
export interface ProductFormCategory {
  id: string;
  index: number;
  str: string;
  name: string;
  colors: boolean;
  ssize: boolean;
  /** letters, shoe, waist, kids, free or none. */
  sizeSet: string;
  sizeOptions: string[];
  subcategories: Array<{ id: string; str: string; name: string }>;
}

export interface NamedColor {
  name: string;
  hex: string;
}

export interface ProductFormOptionsData {
  categories: ProductFormCategory[];
  colorPalette: NamedColor[];
}

/** Categories (data on the server, staff may edit them) and the colour palette. */
export const PRODUCT_FORM_OPTIONS_QUERY = graphqlDocument('ProductFormOptions', `
  query ProductFormOptions {
    categories {
      id
      index
      str
      name
      colors
      ssize
      sizeSet
      sizeOptions
      subcategories {
        id
        str
        name
      }
    }
    colorPalette {
      name
      hex
    }
  }
`);

/** A product with the fields the form edits (money in rupees). */
export interface EditableProduct {
  id: string;
  code: string;
  name: string;
  price: number;
  oldPrice: number;
  discount: number;
  description: string;
  image: string[];
  category: { id: string; str: string; name: string };
  subcat: { id: string; str: string; name: string } | null;
  size: string[];
  colors: string[];
  colorImages: ColorImagesInput[];
  stock: number;
  stockDetail: Array<{ size: string; stock: number }>;
  tags: string[];
  /** The HSN code it is invoiced under (its own or its category's default). */
  hsnCode: string | null;
  updatedAt: string;
}

const EDITABLE_PRODUCT_FIELDS = `
  fragment EditableProductFields on Product {
    id
    code
    name
    price
    oldPrice
    discount
    description
    image
    category {
      id
      str
      name
    }
    subcat {
      id
      str
      name
    }
    size
    colors
    colorImages {
      color
      images
    }
    stock
    stockDetail {
      size
      stock
    }
    tags
    hsnCode
    updatedAt
  }
`;

export interface ProductForEditData {
  product: EditableProduct | null;
}

export const PRODUCT_FOR_EDIT_QUERY = graphqlDocument('ProductForEdit', `
  query ProductForEdit($id: ID!) {
    product(id: $id) {
      ...EditableProductFields
    }
  }
  ${EDITABLE_PRODUCT_FIELDS}
`);

export interface SizeStockInput {
  size: string;
  stock: number;
}

/** GraphQL's ProductInput: the spec's creation payload, `code` being the staff-supplied id. */
export interface ProductInput {
  code: string;
  name: string;
  price: number;
  description: string;
  /** Category slug (or index). */
  category: string;
  subcat?: string;
  stock: number;
  discount?: number;
  tags?: string[];
  image?: string[];
  size?: string[];
  colors?: string[];
  colorImages?: ColorImagesInput[];
  stockDetail?: SizeStockInput[];
  hsnCode?: string;
}

/** A colour's own pictures (detail-size URLs from the upload). */
export interface ColorImagesInput {
  color: string;
  images: string[];
}

/** GraphQL's ProductUpdateInput: only the fields that changed are sent. */
export type ProductUpdateInput = Partial<Omit<ProductInput, 'code'>>;

interface ProductPayload {
  success: boolean;
  message: string | null;
  product: EditableProduct | null;
}

export const CREATE_PRODUCT_MUTATION = graphqlDocument('CreateProduct', `
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      success
      message
      product {
        ...EditableProductFields
      }
    }
  }
  ${EDITABLE_PRODUCT_FIELDS}
`);

export const UPDATE_PRODUCT_MUTATION = graphqlDocument('UpdateProduct', `
  mutation UpdateProduct($id: ID!, $input: ProductUpdateInput!) {
    updateProduct(id: $id, input: $input) {
      success
      message
      product {
        ...EditableProductFields
      }
    }
  }
  ${EDITABLE_PRODUCT_FIELDS}
`);
