// Small DOM helpers: build elements without innerHTML, so no text from the server is ever
// parsed as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An HTML element: h("button", {class: "call", onclick: f}, "Pass").
 * Attributes starting with "on" become listeners; null/false attributes are skipped;
 * children may be strings, nodes, arrays or null.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttributes(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, with the same conventions as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttributes(el, attrs);
  append(el, children);
  return el;
}

function setAttributes(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace every child of el. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}
