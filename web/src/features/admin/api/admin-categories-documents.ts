import { graphqlDocument } from '../../../lib/graphql-document';

export interface AdminSubcategory {
  id: string;
  str: string;
  name: string;
  hidden: boolean;
}

/** A category as staff manage it (hidden ones included). */
export interface AdminCategory {
  id: string;
  index: number;
  str: string;
  name: string;
  image: string;
  colors: boolean;
  ssize: boolean;
  sizeSet: string;
  hidden: boolean;
  productCount: number;
  subcategories: AdminSubcategory[];
}

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

export interface CategoryInput {
  name?: string;
  parentId?: string;
  colors?: boolean;
  ssize?: boolean;
  sizeSet?: string;
  position?: number;
  hidden?: boolean;
}

interface CategoryPayload {
  success: boolean;
  message: string | null;
}

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
