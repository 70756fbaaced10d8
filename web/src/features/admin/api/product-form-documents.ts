import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';

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

export const PRODUCT_FOR_EDIT_QUERY = graphqlDocument('ProductForEdit', `
  query ProductForEdit($id: ID!) {
    product(id: $id) {
      ...EditableProductFields
    }
  }
  ${EDITABLE_PRODUCT_FIELDS}
`);

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

export type ProductFormOptionsData = ResultOf<typeof PRODUCT_FORM_OPTIONS_QUERY>;
/** A category as the product form needs it: its subcategories, whether it offers colours, its sizes. */
export type ProductFormCategory = ProductFormOptionsData['categories'][number];
export type NamedColor = ProductFormOptionsData['colorPalette'][number];
/** A product with the fields the form edits (money in rupees). */
export type EditableProduct = NonNullable<ResultOf<typeof PRODUCT_FOR_EDIT_QUERY>['product']>;
/** GraphQL's ProductInput: the spec's creation payload, `code` being the staff-supplied id. */
export type ProductInput = VariablesOf<typeof CREATE_PRODUCT_MUTATION>['input'];
/** GraphQL's ProductUpdateInput: only the fields that changed are sent. */
export type ProductUpdateInput = VariablesOf<typeof UPDATE_PRODUCT_MUTATION>['input'];
export type ColorImagesInput = NonNullable<ProductInput['colorImages']>[number];
export type SizeStockInput = NonNullable<ProductInput['stockDetail']>[number];
