import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';

const CATEGORY_FIELDS = `
  id
  index
  str
  name
  image
  colors
  ssize
  sizeSet
  hidden
  productCount
  subcategories {
    id
    str
    name
    hidden
  }
`;

/** Staff: every category in order, hidden ones too. */
export const ADMIN_CATEGORY_LIST = graphqlDocument('AdminCategoryList', `
  query AdminCategoryList {
    adminCategories {
      ${CATEGORY_FIELDS}
    }
  }
`);

/** Admin: a new category, or a subcategory with parentId. */
export const CREATE_CATEGORY = graphqlDocument('AdminCreateCategory', `
  mutation AdminCreateCategory($input: CategoryInput!) {
    createCategory(input: $input) {
      success
      message
    }
  }
`);

/** Admin: rename, move, hide or show a category or subcategory. */
export const UPDATE_CATEGORY = graphqlDocument('AdminUpdateCategory', `
  mutation AdminUpdateCategory($id: ID!, $input: CategoryChangeInput!) {
    updateCategory(id: $id, input: $input) {
      success
      message
    }
  }
`);

/** Admin: delete a category or subcategory no product uses. */
export const DELETE_CATEGORY = graphqlDocument('AdminDeleteCategory', `
  mutation AdminDeleteCategory($id: ID!) {
    deleteCategory(id: $id) {
      success
      message
    }
  }
`);

/** A category as staff manage it (hidden ones included). */
export type AdminCategory = ResultOf<typeof ADMIN_CATEGORY_LIST>['adminCategories'][number];
export type AdminSubcategory = AdminCategory['subcategories'][number];
export type CategoryInput = VariablesOf<typeof CREATE_CATEGORY>['input'];
export type CategoryChange = VariablesOf<typeof UPDATE_CATEGORY>['input'];
