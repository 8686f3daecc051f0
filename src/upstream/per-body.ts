/**
 * `map` made once per answer body. The cross-request cache hands back the same checked body
 * object on every hit, so the model made from it is kept beside it (for as long as the body
 * is kept) instead of being made again for every request. Every request then reads the same
 * model: models are never changed after they are made (resolvers only read them, loaders
 * only prime with them). `rest` may only shape an error (`map` throws, nothing is kept), never
 * the model: the model is keyed by the body alone.
 */
export function perBody<Wire extends object, Rest extends unknown[], Model>(
  map: (wire: Wire, ...rest: Rest) => Model,
): (wire: Wire, ...rest: Rest) => Model {
  const models = new WeakMap<Wire, Model>();
  return (wire, ...rest) => {
    let model = models.get(wire);
    if (model === undefined) {
      model = map(wire, ...rest);
      models.set(wire, model);
    }
    return model;
  };
}
