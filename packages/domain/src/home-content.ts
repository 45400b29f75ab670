/** The four 'Why' claims and the solution tiles of the home page are content, kept here once. */
export const WHY_CLAIMS = ['Farm fresh', 'No flavor', 'Number 1 Ghee in the world', 'Well Packed', 'Honest'] as const;
export const HOME_SOLUTIONS = ['Immunity Power', 'Best for Health', 'Digestive issues', 'Best for childrens'] as const;
