// @ts-check

// Cache entries as strings for ./store.js: JSON in which Buffers and Maps (a rendered page's RSC
// payload and its per-segment data) survive the round trip.

/**
 * @param {unknown} value
 * @returns {string}
 */
function serialize(value) {
  return JSON.stringify(value, function replacer(key) {
    // `this[key]` is the value before Buffer's own toJSON turned it into { type, data }.
    const original = /** @type {Record<string, unknown>} */ (this)[key];
    if (Buffer.isBuffer(original)) return { $buffer: original.toString("base64") };
    if (original instanceof Uint8Array) return { $buffer: Buffer.from(original).toString("base64") };
    if (original instanceof Map) return { $map: [...original.entries()] };
    return /** @type {Record<string, unknown>} */ (this)[key];
  });
}

/**
 * @param {string} text
 * @returns {any}
 */
function deserialize(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === "object") {
      if (typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
      if (Array.isArray(value.$map)) return new Map(value.$map);
    }
    return value;
  });
}

module.exports = { serialize, deserialize };
