import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.js';

export const CategorySchema = Type.Object({ _id: IdSchema, name: Type.String(), slug: Type.String() }, { $id: 'Category' });
export type Category = Static<typeof CategorySchema>;

export const SolutionSchema = Type.Object({ _id: IdSchema, name: Type.String(), slug: Type.String() }, { $id: 'Solution' });
export type Solution = Static<typeof SolutionSchema>;

export const CategoriesResponseSchema = Type.Object({ categories: Type.Array(CategorySchema) });
export type CategoriesResponse = Static<typeof CategoriesResponseSchema>;
export const SolutionsResponseSchema = Type.Object({ solutions: Type.Array(SolutionSchema) });
export type SolutionsResponse = Static<typeof SolutionsResponseSchema>;

/** POST/PUT /category and /solutions. */
export const NameBodySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 80 }) });
export type NameBody = Static<typeof NameBodySchema>;

export const CategoryResponseSchema = Type.Object({ category: CategorySchema });
export type CategoryResponse = Static<typeof CategoryResponseSchema>;
export const SolutionResponseSchema = Type.Object({ solution: SolutionSchema });
export type SolutionResponse = Static<typeof SolutionResponseSchema>;
