export const createNullObject = () => Object.create(null)
