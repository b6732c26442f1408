/** The shop's name as shown in the header, footer and page titles. */
export const brandName = 'Apex Athletics';
