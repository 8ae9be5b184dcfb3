import * as e from "react";
// ../../node_modules/react-router/dist/development/chunk-6KYCQHYJ.mjs
var t = (e) => {
	throw TypeError(e);
}, n = (e, n, r) => n.has(e) || t("Cannot " + r), r = (e, t, r) => (n(e, t, "read from private field"), r ? r.call(e) : t.get(e)), i = (e, n, r) => n.has(e) ? t("Cannot add the same private member more than once") : n instanceof WeakSet ? n.add(e) : n.set(e, r), a = (e, t, r, i) => (n(e, t, "write to private field"), i ? i.call(e, r) : t.set(e, r), r), o = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i, s = /^[\\/]{2}/;
function c(e, t) {
	return t + e.replace(/\\/g, "/");
}
var l = "popstate";
function u(e) {
	return typeof e == "object" && !!e && "pathname" in e && "search" in e && "hash" in e && "state" in e && "key" in e;
}
function d(e = {}) {
	function t(e, t) {
		let n = t.state?.masked, { pathname: r, search: i, hash: a } = n || e.location;
		return g("", {
			pathname: r,
			search: i,
			hash: a
		}, t.state && t.state.usr || null, t.state && t.state.key || "default", n ? {
			pathname: e.location.pathname,
			search: e.location.search,
			hash: e.location.hash
		} : void 0);
	}
	function n(e, t) {
		return typeof t == "string" ? t : _(t);
	}
	return y(t, n, null, e);
}
function f(e, t) {
	if (e === !1 || e == null) throw Error(t);
}
function p(e, t) {
	if (!e) {
		typeof console < "u" && console.warn(t);
		try {
			throw Error(t);
		} catch {}
	}
}
function m() {
	return Math.random().toString(36).substring(2, 10);
}
function h(e, t) {
	return {
		usr: e.state,
		key: e.key,
		idx: t,
		masked: e.mask ? {
			pathname: e.pathname,
			search: e.search,
			hash: e.hash
		} : void 0
	};
}
function g(e, t, n = null, r, i) {
	return {
		pathname: typeof e == "string" ? e : e.pathname,
		search: "",
		hash: "",
		...typeof t == "string" ? v(t) : t,
		state: n,
		key: t && t.key || r || m(),
		mask: i
	};
}
function _({ pathname: e = "/", search: t = "", hash: n = "" }) {
	return t && t !== "?" && (e += t.charAt(0) === "?" ? t : "?" + t), n && n !== "#" && (e += n.charAt(0) === "#" ? n : "#" + n), e;
}
function v(e) {
	let t = {};
	if (e) {
		let n = e.indexOf("#");
		n >= 0 && (t.hash = e.substring(n), e = e.substring(0, n));
		let r = e.indexOf("?");
		r >= 0 && (t.search = e.substring(r), e = e.substring(0, r)), e && (t.pathname = e);
	}
	return t;
}
function y(e, t, n, r = {}) {
	let { window: i = document.defaultView, v5Compat: a = !1 } = r, o = i.history, s = "POP", c = null, d = f();
	d ?? (d = 0, o.replaceState({
		...o.state,
		idx: d
	}, ""));
	function f() {
		return (o.state || { idx: null }).idx;
	}
	function p() {
		s = "POP";
		let e = f(), t = e == null ? null : e - d;
		d = e, c && c({
			action: s,
			location: y.location,
			delta: t
		});
	}
	function m(e, t) {
		s = "PUSH";
		let r = u(e) ? e : g(y.location, e, t);
		n && n(r, e), d = f() + 1;
		let l = h(r, d), p = y.createHref(r.mask || r);
		try {
			o.pushState(l, "", p);
		} catch (e) {
			if (e instanceof DOMException && e.name === "DataCloneError") throw e;
			i.location.assign(p);
		}
		a && c && c({
			action: s,
			location: y.location,
			delta: 1
		});
	}
	function _(e, t) {
		s = "REPLACE";
		let r = u(e) ? e : g(y.location, e, t);
		n && n(r, e), d = f();
		let i = h(r, d), l = y.createHref(r.mask || r);
		o.replaceState(i, "", l), a && c && c({
			action: s,
			location: y.location,
			delta: 0
		});
	}
	function v(e) {
		return b(i, e);
	}
	let y = {
		get action() {
			return s;
		},
		get location() {
			return e(i, o);
		},
		listen(e) {
			if (c) throw Error("A history only accepts one active listener");
			return i.addEventListener(l, p), c = e, () => {
				i.removeEventListener(l, p), c = null;
			};
		},
		createHref(e) {
			return t(i, e);
		},
		createURL: v,
		encodeLocation(e) {
			let t = v(e);
			return {
				pathname: t.pathname,
				search: t.search,
				hash: t.hash
			};
		},
		push: m,
		replace: _,
		go(e) {
			return o.go(e);
		}
	};
	return y;
}
function b(e, t, n = !1) {
	let r = "http://localhost";
	e && (r = e.location.origin === "null" ? e.location.href : e.location.origin), f(r, "No window.location.(origin|href) available to create URL");
	let i = typeof t == "string" ? t : _(t);
	return i = i.replace(/ $/, "%20"), !n && s.test(i) && (i = r + i), new URL(i, r);
}
var x, S = class {
	constructor(e) {
		if (i(this, x, /* @__PURE__ */ new Map()), e) for (let [t, n] of e) this.set(t, n);
	}
	get(e) {
		if (r(this, x).has(e)) return r(this, x).get(e);
		if (e.defaultValue !== void 0) return e.defaultValue;
		throw Error("No value found for context");
	}
	set(e, t) {
		r(this, x).set(e, t);
	}
};
x = /* @__PURE__ */ new WeakMap();
var C = /* @__PURE__ */ new Set([
	"lazy",
	"caseSensitive",
	"path",
	"id",
	"index",
	"children"
]);
function w(e) {
	return C.has(e);
}
var T = /* @__PURE__ */ new Set([
	"lazy",
	"caseSensitive",
	"path",
	"id",
	"index",
	"middleware",
	"children"
]);
function E(e) {
	return T.has(e);
}
function D(e) {
	return e.index === !0;
}
function O(e, t, n = [], r = {}, i = !1) {
	return e.map((e, a) => {
		let o = [...n, String(a)], s = typeof e.id == "string" ? e.id : o.join("-");
		if (f(e.index !== !0 || !e.children, "Cannot specify children on an index route"), f(i || !r[s], `Found a route id collision on id "${s}".  Route id's must be globally unique within Data Router usages`), D(e)) {
			let n = {
				...e,
				id: s
			};
			return r[s] = k(n, t(n)), n;
		}
		{
			let n = {
				...e,
				id: s,
				children: void 0
			};
			return r[s] = k(n, t(n)), e.children && (n.children = O(e.children, t, o, r, i)), n;
		}
	});
}
function k(e, t) {
	return Object.assign(e, {
		...t,
		...typeof t.lazy == "object" && t.lazy != null ? { lazy: {
			...e.lazy,
			...t.lazy
		} } : {}
	});
}
function A(e, t, n = "/") {
	return j(e, t, n, !1);
}
function j(e, t, n, r, i) {
	let a = H((typeof t == "string" ? v(t) : t).pathname || "/", n);
	if (a == null) return null;
	let o = i ?? M(e), s = null, c = le(a);
	for (let e = 0; s == null && e < o.length; ++e) s = B(o[e], c, r);
	return s;
}
function ee(e, t) {
	let { route: n, pathname: r, params: i } = e;
	return {
		id: n.id,
		pathname: r,
		params: i,
		data: t[n.id],
		loaderData: t[n.id],
		handle: n.handle
	};
}
function M(e) {
	let t = N(e);
	return F(t), t;
}
function N(e, t = [], n = [], r = "", i = !1) {
	let a = (e, a, o = i, s) => {
		let c = {
			relativePath: s === void 0 ? e.path || "" : s,
			caseSensitive: e.caseSensitive === !0,
			childrenIndex: a,
			route: e
		};
		if (c.relativePath.startsWith("/")) {
			if (!c.relativePath.startsWith(r) && o) return;
			f(c.relativePath.startsWith(r), `Absolute route path "${c.relativePath}" nested under path "${r}" is not valid. An absolute child route path must start with the combined path of all its parent routes.`), c.relativePath = c.relativePath.slice(r.length);
		}
		let l = W([r, c.relativePath]), u = n.concat(c);
		e.children && e.children.length > 0 && (f(e.index !== !0, `Index routes must not have child routes. Please remove all child routes from route path "${l}".`), N(e.children, t, u, l, o)), (e.path != null || e.index) && t.push({
			path: l,
			score: ie(l, e.index),
			routesMeta: u.map((e, t) => {
				let [n, r] = V(e.relativePath, e.caseSensitive, t === u.length - 1);
				return {
					...e,
					matcher: n,
					compiledParams: r
				};
			})
		});
	};
	return e.forEach((e, t) => {
		if (e.path === "" || !e.path?.includes("?")) a(e, t);
		else for (let n of P(e.path)) a(e, t, !0, n);
	}), t;
}
function P(e) {
	let t = e.split("/");
	if (t.length === 0) return [];
	let [n, ...r] = t, i = n.endsWith("?"), a = n.replace(/\?$/, "");
	if (r.length === 0) return i ? [a, ""] : [a];
	let o = P(r.join("/")), s = [];
	return s.push(...o.map((e) => e === "" ? a : [a, e].join("/"))), i && s.push(...o), s.map((t) => e.startsWith("/") && t === "" ? "/" : t);
}
function F(e) {
	e.sort((e, t) => e.score === t.score ? ae(e.routesMeta.map((e) => e.childrenIndex), t.routesMeta.map((e) => e.childrenIndex)) : t.score - e.score);
}
var I = /^:[\w-]+$/, te = 3, L = 2, ne = 1, re = 10, R = -2, z = (e) => e === "*";
function ie(e, t) {
	let n = e.split("/"), r = n.length;
	return n.some(z) && (r += R), t && (r += L), n.filter((e) => !z(e)).reduce((e, t) => e + (I.test(t) ? te : t === "" ? ne : re), r);
}
function ae(e, t) {
	return e.length === t.length && e.slice(0, -1).every((e, n) => e === t[n]) ? e[e.length - 1] - t[t.length - 1] : 0;
}
function B(e, t, n = !1) {
	let { routesMeta: r } = e, i = {}, a = "/", o = [];
	for (let e = 0; e < r.length; ++e) {
		let s = r[e], c = e === r.length - 1, l = a === "/" ? t : t.slice(a.length) || "/", u = {
			path: s.relativePath,
			caseSensitive: s.caseSensitive,
			end: c
		}, d = s.matcher && s.compiledParams ? ce(u, l, s.matcher, s.compiledParams) : se(u, l), f = s.route;
		if (!d && c && n && !r[r.length - 1].route.index && (d = se({
			path: s.relativePath,
			caseSensitive: s.caseSensitive,
			end: !1
		}, l)), !d) return null;
		Object.assign(i, d.params), o.push({
			params: i,
			pathname: W([a, d.pathname]),
			pathnameBase: ve(W([a, d.pathnameBase])),
			route: f
		}), d.pathnameBase !== "/" && (a = W([a, d.pathnameBase]));
	}
	return o;
}
function oe(e, t = {}) {
	let n = e;
	n.endsWith("*") && n !== "*" && !n.endsWith("/*") && (p(!1, `Route path "${n}" will be treated as if it were "${n.replace(/\*$/, "/*")}" because the \`*\` character must always follow a \`/\` in the pattern. To get rid of this warning, please change the route path to "${n.replace(/\*$/, "/*")}".`), n = n.replace(/\*$/, "/*"));
	let r = n.startsWith("/") ? "/" : "", i = (e) => e == null ? "" : typeof e == "string" ? e : String(e);
	return r + n.split(/\/+/).map((e, n, r) => {
		if (n === r.length - 1 && e === "*") return i(t["*"]);
		let a = e.match(/^:([\w-]+)(\??)(.*)/);
		if (a) {
			let [, e, n, r] = a, o = t[e];
			return f(n === "?" || o != null, `Missing ":${e}" param`), encodeURIComponent(i(o)) + r;
		}
		return e.replace(/\?$/g, "");
	}).filter((e) => !!e).join("/");
}
function se(e, t) {
	typeof e == "string" && (e = {
		path: e,
		caseSensitive: !1,
		end: !0
	});
	let [n, r] = V(e.path, e.caseSensitive, e.end);
	return ce(e, t, n, r);
}
function ce(e, t, n, r) {
	let i = t.match(n);
	if (!i) return null;
	let a = i[0], o = G(a, 1), s = i.slice(1);
	return {
		params: r.reduce((e, { paramName: t, isOptional: n }, r) => {
			if (t === "*") {
				let e = s[r] || "";
				o = G(a.slice(0, a.length - e.length), 1);
			}
			let i = s[r];
			return e[t] = n && !i ? void 0 : (i || "").replace(/%2F/g, "/"), e;
		}, {}),
		pathname: a,
		pathnameBase: o,
		pattern: e
	};
}
function V(e, t = !1, n = !0) {
	p(e === "*" || !e.endsWith("*") || e.endsWith("/*"), `Route path "${e}" will be treated as if it were "${e.replace(/\*$/, "/*")}" because the \`*\` character must always follow a \`/\` in the pattern. To get rid of this warning, please change the route path to "${e.replace(/\*$/, "/*")}".`);
	let r = [], i = "^" + e.replace(/\/*\*?$/, "").replace(/^\/*/, "/").replace(/[\\.*+^${}|()[\]]/g, "\\$&").replace(/\/:([\w-]+)(\?)?/g, (e, t, n, i, a) => {
		if (r.push({
			paramName: t,
			isOptional: n != null
		}), n) {
			let t = a.charAt(i + e.length);
			return t && t !== "/" ? "/([^\\/]*)" : "(?:/([^\\/]*))?";
		}
		return "/([^\\/]+)";
	}).replace(/\/([\w-]+)\?(\/|$)/g, "(/$1)?$2");
	return e.endsWith("*") ? (r.push({ paramName: "*" }), i += e === "*" || e === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$") : n ? i += "\\/*$" : e !== "" && e !== "/" && (i += "(?:(?=\\/|$))"), [new RegExp(i, t ? void 0 : "i"), r];
}
function le(e) {
	try {
		return e.split("/").map((e) => decodeURIComponent(e).replace(/\//g, "%2F")).join("/");
	} catch (t) {
		return p(!1, `The URL path "${e}" could not be decoded because it is a malformed URL segment. This is probably due to a bad percent encoding (${t}).`), e;
	}
}
function H(e, t) {
	if (t === "/") return e;
	if (!e.toLowerCase().startsWith(t.toLowerCase())) return null;
	let n = t.endsWith("/") ? t.length - 1 : t.length, r = e.charAt(n);
	return r && r !== "/" ? null : e.slice(n) || "/";
}
function ue({ basename: e, pathname: t }) {
	return t === "/" ? e : W([e, t]);
}
var de = (e) => o.test(e);
function U(e, t = "/") {
	let { pathname: n, search: r = "", hash: i = "" } = typeof e == "string" ? v(e) : e, a;
	return n ? (n = _e(n), a = n.startsWith("/") || n.startsWith("\\") ? fe(n.substring(1), "/") : fe(n, t)) : a = t, {
		pathname: a,
		search: ye(r),
		hash: be(i)
	};
}
function fe(e, t) {
	let n = G(t).split("/");
	return e.split("/").forEach((e) => {
		e === ".." ? n.length > 1 && n.pop() : e !== "." && n.push(e);
	}), n.length > 1 ? n.join("/") : "/";
}
function pe(e, t, n, r) {
	return `Cannot include a '${e}' character in a manually specified \`to.${t}\` field [${JSON.stringify(r)}].  Please separate it out to the \`to.${n}\` field. Alternatively you may provide the full path as a string in <Link to="..."> and the router will parse it for you.`;
}
function me(e) {
	return e.filter((e, t) => t === 0 || e.route.path && e.route.path.length > 0);
}
function he(e) {
	let t = me(e);
	return t.map((e, n) => n === t.length - 1 ? e.pathname : e.pathnameBase);
}
function ge(e, t, n, r = !1) {
	let i;
	typeof e == "string" ? i = v(e) : (i = { ...e }, f(!i.pathname || !i.pathname.includes("?"), pe("?", "pathname", "search", i)), f(!i.pathname || !i.pathname.includes("#"), pe("#", "pathname", "hash", i)), f(!i.search || !i.search.includes("#"), pe("#", "search", "hash", i)));
	let a = e === "" || i.pathname === "", o = a ? "/" : i.pathname, s;
	if (o == null) s = n;
	else {
		let e = t.length - 1;
		if (!r && o.startsWith("..")) {
			let t = o.split("/");
			for (; t[0] === "..";) t.shift(), --e;
			i.pathname = t.join("/");
		}
		s = e >= 0 ? t[e] : "/";
	}
	let c = U(i, s), l = o && o !== "/" && o.endsWith("/"), u = (a || o === ".") && n.endsWith("/");
	return !c.pathname.endsWith("/") && (l || u) && (c.pathname += "/"), c;
}
var _e = (e) => e.replace(/[\\/]{2,}/g, "/"), W = (e) => _e(e.join("/"));
function G(e, t = 0) {
	let n = e.length;
	for (; n > t && e.charCodeAt(n - 1) === 47;) n--;
	return n === e.length ? e : e.slice(0, n);
}
var ve = (e) => G(e).replace(/^\/*/, "/"), ye = (e) => !e || e === "?" ? "" : e.startsWith("?") ? e : "?" + e, be = (e) => !e || e === "#" ? "" : e.startsWith("#") ? e : "#" + e, xe = [
	"EvalError",
	"RangeError",
	"ReferenceError",
	"SyntaxError",
	"TypeError",
	"URIError"
], Se = class {
	constructor(e, t, n, r = !1) {
		this.status = e, this.statusText = t || "", this.internal = r, n instanceof Error ? (this.data = n.toString(), this.error = n) : this.data = n;
	}
};
function Ce(e) {
	return e != null && typeof e.status == "number" && typeof e.statusText == "string" && typeof e.internal == "boolean" && "data" in e;
}
function we(e) {
	return W(e.map((e) => e.route.path).filter(Boolean)) || "/";
}
var Te = typeof window < "u" && window.document !== void 0 && window.document.createElement !== void 0;
function Ee(e, t) {
	let n = e;
	if (typeof n != "string" || !o.test(n)) return {
		absoluteURL: void 0,
		isExternal: !1,
		to: n
	};
	let r = n, i = !1;
	if (Te) try {
		let e = new URL(window.location.href), r = s.test(n) ? new URL(c(n, e.protocol)) : new URL(n), a = H(r.pathname, t);
		r.origin === e.origin && a != null ? n = a + r.search + r.hash : i = !0;
	} catch {
		p(!1, `<Link to="${n}"> contains an invalid URL which will probably break when clicked - please update to a valid URL path.`);
	}
	return {
		absoluteURL: r,
		isExternal: i,
		to: n
	};
}
var De = Symbol("Uninstrumented");
function Oe(e, t) {
	let n = {
		lazy: [],
		"lazy.loader": [],
		"lazy.action": [],
		"lazy.middleware": [],
		middleware: [],
		loader: [],
		action: []
	};
	e.forEach((e) => e({
		id: t.id,
		index: t.index,
		path: t.path,
		instrument(e) {
			let t = Object.keys(n);
			for (let r of t) e[r] && n[r].push(e[r]);
		}
	}));
	let r = {};
	if (typeof t.lazy == "function" && n.lazy.length > 0) {
		let e = Ae(n.lazy, t.lazy, () => void 0);
		e && (r.lazy = e);
	}
	if (typeof t.lazy == "object") {
		let e = t.lazy;
		[
			"middleware",
			"loader",
			"action"
		].forEach((t) => {
			let i = e[t], a = n[`lazy.${t}`];
			if (typeof i == "function" && a.length > 0) {
				let e = Ae(a, i, () => void 0);
				e && (r.lazy = Object.assign(r.lazy || {}, { [t]: e }));
			}
		});
	}
	return ["loader", "action"].forEach((e) => {
		let i = t[e];
		if (typeof i == "function" && n[e].length > 0) {
			let t = i[De] ?? i, a = Ae(n[e], t, (...e) => Me(e[0]));
			a && (e === "loader" && t.hydrate === !0 && (a.hydrate = !0), a[De] = t, r[e] = a);
		}
	}), t.middleware && t.middleware.length > 0 && n.middleware.length > 0 && (r.middleware = t.middleware.map((e) => {
		let t = e[De] ?? e, r = Ae(n.middleware, t, (...e) => Me(e[0]));
		return r ? (r[De] = t, r) : e;
	})), r;
}
function ke(e, t) {
	let n = {
		navigate: [],
		fetch: []
	};
	if (t.forEach((e) => e({ instrument(e) {
		let t = Object.keys(e);
		for (let r of t) e[r] && n[r].push(e[r]);
	} })), n.navigate.length > 0) {
		let t = e.navigate[De] ?? e.navigate, r = Ae(n.navigate, t, (...t) => {
			let [n, r] = t;
			return {
				to: typeof n == "number" || typeof n == "string" ? n : n ? _(n) : ".",
				...Ne(e, r ?? {})
			};
		});
		r && (r[De] = t, e.navigate = r);
	}
	if (n.fetch.length > 0) {
		let t = e.fetch[De] ?? e.fetch, r = Ae(n.fetch, t, (...t) => {
			let [n, , r, i] = t;
			return {
				href: r ?? ".",
				fetcherKey: n,
				...Ne(e, i ?? {})
			};
		});
		r && (r[De] = t, e.fetch = r);
	}
	return e;
}
function Ae(e, t, n) {
	return e.length === 0 ? null : async (...r) => {
		let i = await je(e, n(...r), () => t(...r), e.length - 1);
		if (i.type === "error") throw i.value;
		return i.value;
	};
}
async function je(e, t, n, r) {
	let i = e[r], a;
	if (i) {
		let o, s = async () => (o ? console.error("You cannot call instrumented handlers more than once") : o = je(e, t, n, r - 1), a = await o, f(a, "Expected a result"), a.type === "error" && a.value instanceof Error ? {
			status: "error",
			error: a.value
		} : {
			status: "success",
			error: void 0
		});
		try {
			await i(s, t);
		} catch (e) {
			console.error("An instrumentation function threw an error:", e);
		}
		o || await s(), await o;
	} else try {
		a = {
			type: "success",
			value: await n()
		};
	} catch (e) {
		a = {
			type: "error",
			value: e
		};
	}
	return a || {
		type: "error",
		value: /* @__PURE__ */ Error("No result assigned in instrumentation chain.")
	};
}
function Me(e) {
	let { request: t, context: n, params: r, pattern: i } = e;
	return {
		request: Pe(t),
		params: { ...r },
		pattern: i,
		context: K(n)
	};
}
function Ne(e, t) {
	return {
		currentUrl: _(e.state.location),
		..."formMethod" in t ? { formMethod: t.formMethod } : {},
		..."formEncType" in t ? { formEncType: t.formEncType } : {},
		..."formData" in t ? { formData: t.formData } : {},
		..."body" in t ? { body: t.body } : {}
	};
}
function Pe(e) {
	return {
		method: e.method,
		url: e.url,
		headers: { get: (...t) => e.headers.get(...t) }
	};
}
function K(e) {
	if (Fe(e)) {
		let t = { ...e };
		return Object.freeze(t), t;
	}
	return { get: (t) => e.get(t) };
}
var q = Object.getOwnPropertyNames(Object.prototype).sort().join("\0");
function Fe(e) {
	if (typeof e != "object" || !e) return !1;
	let t = Object.getPrototypeOf(e);
	return t === Object.prototype || t === null || Object.getOwnPropertyNames(t).sort().join("\0") === q;
}
var Ie = new URL("http://localhost");
function Le(e) {
	if (e.createURL) return e.createURL("/");
	try {
		return new URL(e.createHref("/"), Ie);
	} catch {
		return Ie;
	}
}
function Re(e, t) {
	return e.origin === t.origin && (e.origin !== "null" || e.protocol === t.protocol && e.host === t.host);
}
function ze(e, t) {
	if (e.startsWith("//")) return !0;
	let n = t.protocol.toLowerCase();
	return e.toLowerCase().startsWith(n) ? t.host === "" || e.slice(n.length).startsWith("//") : !1;
}
function Be(e, t, n, r) {
	let i = null;
	try {
		i = e == null ? null : new URL(e, n);
	} catch {}
	let a = new URL(t, n), o = i != null && !Re(i, n), s = !Re(a, n);
	if (r === "reject") {
		if (o || s) throw Error("External navigation is not allowed");
	} else if (s && (i == null || !ze(e, i) || !Re(i, a))) throw Error("External navigation is not allowed");
}
var Ve = [
	"POST",
	"PUT",
	"PATCH",
	"DELETE"
], He = new Set(Ve), Ue = ["GET", ...Ve], We = new Set(Ue), Ge = /* @__PURE__ */ new Set([
	301,
	302,
	303,
	307,
	308
]), Ke = /* @__PURE__ */ new Set([307, 308]), qe = {
	state: "idle",
	location: void 0,
	matches: void 0,
	historyAction: void 0,
	formMethod: void 0,
	formAction: void 0,
	formEncType: void 0,
	formData: void 0,
	json: void 0,
	text: void 0
}, Je = {
	state: "idle",
	data: void 0,
	formMethod: void 0,
	formAction: void 0,
	formEncType: void 0,
	formData: void 0,
	json: void 0,
	text: void 0
}, Ye = {
	state: "unblocked",
	proceed: void 0,
	reset: void 0,
	location: void 0
}, Xe = (e) => ({ hasErrorBoundary: !!e.hasErrorBoundary }), Ze = "remix-router-transitions", Qe = Symbol("ResetLoaderData"), $e, et, tt, nt, rt = class {
	constructor(e) {
		i(this, $e), i(this, et), i(this, tt), i(this, nt), a(this, $e, e), a(this, et, M(e));
	}
	get stableRoutes() {
		return r(this, $e);
	}
	get activeRoutes() {
		return r(this, tt) ?? r(this, $e);
	}
	get branches() {
		return r(this, nt) ?? r(this, et);
	}
	get hasHMRRoutes() {
		return r(this, tt) != null;
	}
	setRoutes(e) {
		a(this, $e, e), a(this, et, M(e));
	}
	setHmrRoutes(e) {
		a(this, tt, e), a(this, nt, M(e));
	}
	commitHmrRoutes() {
		r(this, tt) && (a(this, $e, r(this, tt)), a(this, et, r(this, nt)), a(this, tt, void 0), a(this, nt, void 0));
	}
};
$e = /* @__PURE__ */ new WeakMap(), et = /* @__PURE__ */ new WeakMap(), tt = /* @__PURE__ */ new WeakMap(), nt = /* @__PURE__ */ new WeakMap();
function it(e) {
	let t = e.window ? e.window : typeof window < "u" ? window : void 0, n = t !== void 0 && t.document !== void 0 && t.document.createElement !== void 0;
	f(e.routes.length > 0, "You must provide a non-empty routes array to createRouter");
	let r = e.hydrationRouteProperties || [], i = e.mapRouteProperties || Xe, a = i;
	if (e.instrumentations) {
		let t = e.instrumentations;
		a = (e) => ({
			...i(e),
			...Oe(t.map((e) => e.route).filter(Boolean), e)
		});
	}
	let o = {}, c = new rt(O(e.routes, a, void 0, o)), l = e.basename || "/";
	l.startsWith("/") || (l = `/${l}`);
	let u = e.dataStrategy || xt, d = { ...e.future }, m = null, h = /* @__PURE__ */ new Set(), y = null, x = null, C = null, w = null, T = e.hydrationData != null, E = j(c.activeRoutes, e.history.location, l, !1, c.branches), D = !1, k = null, A, M;
	if (E == null && !e.patchRoutesOnNavigation) {
		let t = J(404, { pathname: e.history.location.pathname }), { matches: n, route: r } = Gt(c.activeRoutes);
		A = !0, M = !A, E = n, k = { [r.id]: t };
	} else if (E && !e.hydrationData && at(E, c.activeRoutes, e.history.location.pathname).active && (E = null), !E) {
		A = !1, M = !A, E = [];
		let t = at(null, c.activeRoutes, e.history.location.pathname);
		t.active && t.matches && (D = !0, E = t.matches);
	} else if (E.some((e) => e.route.lazy)) A = !1, M = !A;
	else if (!E.some((e) => lt(e.route))) A = !0, M = !A;
	else {
		let t = e.hydrationData ? e.hydrationData.loaderData : null, n = e.hydrationData ? e.hydrationData.errors : null, r = E;
		if (n) {
			let e = E.findIndex((e) => n[e.route.id] !== void 0);
			r = r.slice(0, e + 1);
		}
		M = !1, A = !0, r.forEach((e) => {
			let r = ut(e.route, t, n);
			M ||= r.renderFallback, A &&= !r.shouldLoad;
		});
	}
	let N, P = {
		historyAction: e.history.action,
		location: e.history.location,
		matches: E,
		initialized: A,
		renderFallback: M,
		navigation: qe,
		restoreScrollPosition: e.hydrationData == null && null,
		preventScrollReset: !1,
		revalidation: "idle",
		loaderData: e.hydrationData && e.hydrationData.loaderData || {},
		actionData: e.hydrationData && e.hydrationData.actionData || null,
		errors: e.hydrationData && e.hydrationData.errors || k,
		fetchers: /* @__PURE__ */ new Map(),
		blockers: /* @__PURE__ */ new Map()
	}, F = "POP", I = null, te = !1, L, ne = !1, re = /* @__PURE__ */ new Map(), R = null, z = !1, ie = !1, ae = /* @__PURE__ */ new Set(), B = /* @__PURE__ */ new Map(), oe = 0, se = -1, ce = /* @__PURE__ */ new Map(), V = /* @__PURE__ */ new Set(), le = /* @__PURE__ */ new Map(), ue = /* @__PURE__ */ new Map(), U = /* @__PURE__ */ new Set(), fe = /* @__PURE__ */ new Map(), pe, me = null;
	function he() {
		if (m = e.history.listen(({ action: t, location: n, delta: r }) => {
			if (pe) {
				pe(), pe = void 0;
				return;
			}
			p(fe.size === 0 || r != null, "You are trying to use a blocker on a POP navigation to a location that was not created by @remix-run/router. This will fail silently in production. This can happen if you are navigating outside the router via `window.history.pushState`/`window.location.hash` instead of using router navigation APIs.  This can also happen if you are using createHashRouter and the user manually changes the URL.");
			let i = Qe({
				currentLocation: P.location,
				nextLocation: n,
				historyAction: t
			});
			if (i && r != null) {
				let t = new Promise((e) => {
					pe = e;
				});
				e.history.go(r * -1), Ze(i, {
					state: "blocked",
					location: n,
					proceed() {
						Ze(i, {
							state: "proceeding",
							proceed: void 0,
							reset: void 0,
							location: n
						}), t.then(() => e.history.go(r));
					},
					reset() {
						let e = new Map(P.blockers);
						e.set(i, Ye), W({ blockers: e });
					}
				}), I?.resolve(), I = null;
			} else return be(t, n);
		}), n) {
			mn(t, re);
			let e = () => hn(t, re);
			t.addEventListener("pagehide", e), R = () => t.removeEventListener("pagehide", e);
		}
		return P.initialized || be("POP", P.location, { initialHydration: !0 }), N;
	}
	function ge() {
		m && m(), R && R(), h.clear(), L && L.abort(), P.fetchers.forEach((e, t) => Le(P.fetchers, t)), P.blockers.forEach((e, t) => Ge(t));
	}
	function _e(e) {
		if (h.add(e), y) {
			let { newErrors: t } = y;
			y = null, e(P, {
				deletedFetchers: [],
				newErrors: t,
				viewTransitionOpts: void 0,
				flushSync: !1
			});
		}
		return () => h.delete(e);
	}
	function W(e, t = {}) {
		e.matches &&= e.matches.map((e) => {
			let t = o[e.route.id], n = e.route;
			return n.element !== t.element || n.errorElement !== t.errorElement || n.hydrateFallbackElement !== t.hydrateFallbackElement ? {
				...e,
				route: t
			} : e;
		}), P = {
			...P,
			...e
		};
		let n = [], r = [];
		P.fetchers.forEach((e, t) => {
			e.state === "idle" && (U.has(t) ? n.push(t) : r.push(t));
		}), U.forEach((e) => {
			!P.fetchers.has(e) && !B.has(e) && n.push(e);
		}), h.size === 0 && (y = { newErrors: e.errors ?? null }), [...h].forEach((r) => r(P, {
			deletedFetchers: n,
			newErrors: e.errors ?? null,
			viewTransitionOpts: t.viewTransitionOpts,
			flushSync: t.flushSync === !0
		})), n.forEach((e) => Le(P.fetchers, e)), r.forEach((e) => P.fetchers.delete(e));
	}
	function G(t, n, { flushSync: r } = {}) {
		let i = P.actionData != null && P.navigation.formMethod != null && X(P.navigation.formMethod) && P.navigation.state === "loading" && t.state?._isRedirect !== !0, a;
		a = n.actionData ? Object.keys(n.actionData).length > 0 ? n.actionData : null : i ? P.actionData : null;
		let o = n.loaderData ? Ht(P.loaderData, n.loaderData, n.matches || [], n.errors) : P.loaderData, s = P.blockers;
		s.size > 0 && (s = new Map(s), s.forEach((e, t) => s.set(t, Ye)));
		let l = !z && it(t, n.matches || P.matches), u = te === !0 || P.navigation.formMethod != null && X(P.navigation.formMethod) && t.state?._isRedirect !== !0;
		c.commitHmrRoutes(), z || F === "POP" || (F === "PUSH" ? e.history.push(t, t.state) : F === "REPLACE" && e.history.replace(t, t.state));
		let d;
		if (F === "POP" && !z && t !== P.location) {
			let e = re.get(P.location.pathname);
			e && e.has(t.pathname) ? d = {
				currentLocation: P.location,
				nextLocation: t
			} : re.has(t.pathname) && (d = {
				currentLocation: t,
				nextLocation: P.location
			});
		} else if (ne) {
			let e = re.get(P.location.pathname);
			e ? e.add(t.pathname) : (e = /* @__PURE__ */ new Set([t.pathname]), re.set(P.location.pathname, e)), d = {
				currentLocation: P.location,
				nextLocation: t
			};
		}
		W({
			...n,
			actionData: a,
			loaderData: o,
			historyAction: F,
			location: t,
			initialized: !0,
			renderFallback: !1,
			navigation: qe,
			revalidation: "idle",
			restoreScrollPosition: l,
			preventScrollReset: u,
			blockers: s
		}, {
			viewTransitionOpts: d,
			flushSync: r === !0
		}), F = "POP", te = !1, ne = !1, z = !1, ie = !1, I?.resolve(), I = null, me?.resolve(), me = null;
	}
	async function ve(t, n) {
		if (I?.resolve(), I = null, typeof t == "number") {
			I ||= gn();
			let n = I.promise;
			return e.history.go(t), n;
		}
		let { path: r, submission: i, error: a } = st(!1, ot(P.location, P.matches, l, t, n?.fromRouteId, n?.relative), n), o;
		if (n?.mask) {
			let t = typeof n.mask == "string" ? v(n.mask) : {
				...P.location.mask,
				...n.mask
			};
			if (o = {
				pathname: t.pathname ?? "",
				search: t.search ?? "",
				hash: t.hash ?? ""
			}, s.test(o.pathname)) throw Error("External navigation is not allowed");
			o.pathname.startsWith("\\") && (o.pathname = o.pathname.replace(/^\\+/, "/")), Be(typeof n.mask == "string" ? n.mask : _(n.mask), _(o), e.history.createURL("/"), "reject");
		}
		let c = P.location, u = g(c, r, n && n.state, void 0, o);
		u = {
			...u,
			...e.history.encodeLocation(u)
		}, Be(t == null ? e.history.createHref(P.location) : typeof t == "string" ? t : _(t), e.history.createHref(u.mask || u), e.history.createURL("/"), "reject");
		let d = n && n.replace != null ? n.replace : void 0, f = "PUSH";
		d === !0 ? f = "REPLACE" : d === !1 || i != null && X(i.formMethod) && i.formAction === P.location.pathname + P.location.search && (f = "REPLACE");
		let p = n && "preventScrollReset" in n ? n.preventScrollReset === !0 : void 0, m = (n && n.flushSync) === !0, h = Qe({
			currentLocation: c,
			nextLocation: u,
			historyAction: f
		});
		h ? Ze(h, {
			state: "blocked",
			location: u,
			proceed() {
				Ze(h, {
					state: "proceeding",
					proceed: void 0,
					reset: void 0,
					location: u
				}), ve(t, n);
			},
			reset() {
				let e = new Map(P.blockers);
				e.set(h, Ye), W({ blockers: e });
			}
		}) : await be(f, u, {
			submission: i,
			pendingError: a,
			preventScrollReset: p,
			replace: n && n.replace,
			enableViewTransition: n && n.viewTransition,
			flushSync: m,
			callSiteDefaultShouldRevalidate: n && n.defaultShouldRevalidate
		});
	}
	function ye() {
		me ||= gn(), Pe(), W({ revalidation: "loading" });
		let e = me.promise;
		return P.navigation.state === "submitting" ? e : P.navigation.state === "idle" ? (be(P.historyAction, P.location, { startUninterruptedRevalidation: !0 }), e) : (be(F || P.historyAction, P.navigation.location, {
			overrideNavigation: P.navigation,
			enableViewTransition: ne === !0
		}), e);
	}
	async function be(t, n, r) {
		L && L.abort(), L = null, F = t, z = (r && r.startUninterruptedRevalidation) === !0, nt(P.location, P.matches), te = (r && r.preventScrollReset) === !0, ne = (r && r.enableViewTransition) === !0;
		let i = c.activeRoutes, a = r?.initialHydration && P.matches && P.matches.length > 0 && !D ? P.matches : j(i, n, l, !1, c.branches), o = (r && r.flushSync) === !0;
		if (a && P.initialized && !ie && Jt(P.location, n) && !(r && r.submission && X(r.submission.formMethod))) {
			G(n, { matches: a }, { flushSync: o });
			return;
		}
		let s = at(a, i, n.pathname);
		if (s.active && s.matches && (a = s.matches), !a) {
			let { error: e, notFoundMatches: t, route: r } = $e(n.pathname);
			G(n, {
				matches: t,
				loaderData: {},
				errors: { [r.id]: e }
			}, { flushSync: o });
			return;
		}
		let u = r && r.overrideNavigation ? {
			...r.overrideNavigation,
			matches: a,
			historyAction: t
		} : void 0;
		L = new AbortController();
		let d = It(e.history, n, L.signal, r && r.submission), f = e.getContext ? await e.getContext() : new S(), p;
		if (r && r.pendingError) p = [Wt(a).route.id, {
			type: "error",
			error: r.pendingError
		}];
		else if (r && r.submission && X(r.submission.formMethod)) {
			let i = await xe(d, n, r.submission, a, t, f, s.active, r && r.initialHydration === !0, {
				replace: r.replace,
				flushSync: o
			});
			if (i.shortCircuited) return;
			if (i.pendingActionResult) {
				let [e, t] = i.pendingActionResult;
				if (Y(t) && Ce(t.error) && t.error.status === 404) {
					L = null, G(n, {
						matches: i.matches,
						loaderData: {},
						errors: { [e]: t.error }
					});
					return;
				}
			}
			a = i.matches || a, p = i.pendingActionResult, u = ln(n, a, t, r.submission), o = !1, s.active = !1, d = It(e.history, d.url, d.signal);
		}
		let { shortCircuited: m, matches: h, loaderData: g, errors: _, workingFetchers: v } = await Se(d, n, a, t, f, s.active, u, r && r.submission, r && r.fetcherSubmission, r && r.replace, r && r.initialHydration === !0, o, p, r && r.callSiteDefaultShouldRevalidate);
		m || (L = null, G(n, {
			matches: h || a,
			...Ut(p),
			loaderData: g,
			errors: _,
			...v ? { fetchers: v } : {}
		}));
	}
	async function xe(t, n, i, s, u, d, f, p, m = {}) {
		if (Pe(), W({ navigation: un(n, s, u, i) }, { flushSync: m.flushSync === !0 }), f) {
			let e = await dt(s, n.pathname, t.signal);
			if (e.type === "aborted") return { shortCircuited: !0 };
			if (e.type === "error") {
				if (e.partialMatches.length === 0) {
					let { matches: t, route: n } = Gt(c.activeRoutes);
					return {
						matches: t,
						pendingActionResult: [n.id, {
							type: "error",
							error: e.error
						}]
					};
				}
				let t = Wt(e.partialMatches).route.id;
				return {
					matches: e.partialMatches,
					pendingActionResult: [t, {
						type: "error",
						error: e.error
					}]
				};
			}
			if (e.matches) s = e.matches;
			else {
				let { notFoundMatches: e, error: t, route: r } = $e(n.pathname);
				return {
					matches: e,
					pendingActionResult: [r.id, {
						type: "error",
						error: t
					}]
				};
			}
		}
		let h, g = sn(s, n);
		if (!g.route.action && !g.route.lazy) h = {
			type: "error",
			error: J(405, {
				method: t.method,
				pathname: n.pathname,
				routeId: g.route.id
			})
		};
		else {
			let e = await Me(t, n, Dt(a, o, t, n, s, g, p ? [] : r, d), d, null);
			if (h = e[g.route.id], !h) {
				for (let t of s) if (e[t.route.id]) {
					h = e[t.route.id];
					break;
				}
			}
			if (t.signal.aborted) return { shortCircuited: !0 };
		}
		if ($t(h)) {
			let n;
			return n = m && m.replace != null ? m.replace : Ft(h.response.headers.get("Location"), new URL(t.url), l, e.history) === P.location.pathname + P.location.search, await je(t, h, !0, {
				submission: i,
				replace: n
			}), { shortCircuited: !0 };
		}
		if (Y(h)) {
			let e = Wt(s, g.route.id);
			return (m && m.replace) !== !0 && (F = "PUSH"), {
				matches: s,
				pendingActionResult: [
					e.route.id,
					h,
					g.route.id
				]
			};
		}
		return {
			matches: s,
			pendingActionResult: [g.route.id, h]
		};
	}
	async function Se(t, n, i, s, u, d, f, p, m, h, g, _, v, y) {
		let b = f || ln(n, i, s, p), x = p || m || cn(b), S = !z && !g;
		if (d) {
			if (S) {
				let e = we(v);
				W({
					navigation: b,
					...e === void 0 ? {} : { actionData: e }
				}, { flushSync: _ });
			}
			let e = await dt(i, n.pathname, t.signal);
			if (e.type === "aborted") return { shortCircuited: !0 };
			if (e.type === "error") {
				if (e.partialMatches.length === 0) {
					let { matches: t, route: n } = Gt(c.activeRoutes);
					return {
						matches: t,
						loaderData: {},
						errors: { [n.id]: e.error }
					};
				}
				let t = Wt(e.partialMatches).route.id;
				return {
					matches: e.partialMatches,
					loaderData: {},
					errors: { [t]: e.error }
				};
			}
			if (e.matches) i = e.matches;
			else {
				let { error: e, notFoundMatches: t, route: r } = $e(n.pathname);
				return {
					matches: t,
					loaderData: {},
					errors: { [r.id]: e }
				};
			}
		}
		let C = c.activeRoutes, { dsMatches: w, revalidatingFetchers: T } = ct(t, u, a, o, e.history, P, i, x, n, g ? [] : r, g === !0, ie, ae, U, le, V, C, l, e.patchRoutesOnNavigation != null, c.branches, v, y);
		if (se = ++oe, !e.dataStrategy && !w.some((e) => e.shouldLoad) && !w.some((e) => e.route.middleware && e.route.middleware.length > 0) && T.length === 0) {
			let e = new Map(P.fetchers), t = He(e);
			return G(n, {
				matches: i,
				loaderData: {},
				errors: v && Y(v[1]) ? { [v[0]]: v[1].error } : null,
				...Ut(v),
				...t ? { fetchers: e } : {}
			}, { flushSync: _ }), { shortCircuited: !0 };
		}
		if (S) {
			let e = {};
			if (!d) {
				e.navigation = b;
				let t = we(v);
				t !== void 0 && (e.actionData = t);
			}
			T.length > 0 && (e.fetchers = Te(T)), W(e, { flushSync: _ });
		}
		T.forEach((e) => {
			ze(e.key), e.controller && B.set(e.key, e.controller);
		});
		let E = () => T.forEach((e) => ze(e.key));
		L && L.signal.addEventListener("abort", E);
		let { loaderResults: D, fetcherResults: O } = await Ne(w, T, t, n, u);
		if (t.signal.aborted) return { shortCircuited: !0 };
		L && L.signal.removeEventListener("abort", E), T.forEach((e) => B.delete(e.key));
		let k = Kt(D);
		if (k) return await je(t, k.result, !0, { replace: h }), { shortCircuited: !0 };
		if (k = Kt(O), k) return V.add(k.key), await je(t, k.result, !0, { replace: h }), { shortCircuited: !0 };
		let A = new Map(P.fetchers), { loaderData: j, errors: ee } = Vt(P, i, D, v, T, O, A);
		g && P.errors && (ee = {
			...P.errors,
			...ee
		});
		let M = He(A), N = Ue(se, A), F = M || N || T.length > 0;
		return {
			matches: i,
			loaderData: j,
			errors: ee,
			...F ? { workingFetchers: A } : {}
		};
	}
	function we(e) {
		if (e && !Y(e[1])) return { [e[0]]: e[1].data };
		if (P.actionData) return Object.keys(P.actionData).length === 0 ? null : P.actionData;
	}
	function Te(e) {
		let t = new Map(P.fetchers);
		return e.forEach((e) => {
			let n = t.get(e.key), r = dn(void 0, n ? n.data : void 0);
			t.set(e.key, r);
		}), t;
	}
	async function Ee(t, n, r, i) {
		ze(t);
		let a = (i && i.flushSync) === !0, o = c.activeRoutes, s = ot(P.location, P.matches, l, r, n, i?.relative), u = j(o, s, l, !1, c.branches), d = at(u, o, s);
		if (d.active && d.matches && (u = d.matches), !u) {
			q(t, n, J(404, { pathname: s }), { flushSync: a });
			return;
		}
		let { path: f, submission: p, error: m } = st(!0, s, i);
		if (m) {
			q(t, n, m, { flushSync: a });
			return;
		}
		let h = e.getContext ? await e.getContext() : new S(), g = (i && i.preventScrollReset) === !0;
		p && X(p.formMethod) ? await De(t, n, f, u, h, d.active, a, g, p, i && i.defaultShouldRevalidate) : (le.set(t, {
			routeId: n,
			path: f
		}), await Ae(t, n, f, u, h, d.active, a, g, p));
	}
	async function De(t, n, i, s, u, d, p, m, h, g) {
		Pe(), le.delete(t), K(t, fn(h, P.fetchers.get(t)), { flushSync: p });
		let _ = new AbortController(), v = It(e.history, i, _.signal, h);
		if (d) {
			let e = await dt(s, new URL(v.url).pathname, v.signal, t);
			if (e.type === "aborted") return;
			if (e.type === "error") {
				q(t, n, e.error, { flushSync: p });
				return;
			}
			if (e.matches) s = e.matches;
			else {
				q(t, n, J(404, { pathname: i }), { flushSync: p });
				return;
			}
		}
		let y = sn(s, i);
		if (!y.route.action && !y.route.lazy) {
			q(t, n, J(405, {
				method: h.formMethod,
				pathname: i,
				routeId: n
			}), { flushSync: p });
			return;
		}
		B.set(t, _);
		let b = oe, x = Dt(a, o, v, i, s, y, r, u), S = await Me(v, i, x, u, t), C = S[y.route.id];
		if (!C) {
			for (let e of x) if (S[e.route.id]) {
				C = S[e.route.id];
				break;
			}
		}
		if (v.signal.aborted) {
			B.get(t) === _ && B.delete(t);
			return;
		}
		if (U.has(t)) {
			if ($t(C) || Y(C)) {
				K(t, pn(void 0));
				return;
			}
		} else {
			if ($t(C)) {
				if (B.delete(t), se > b) {
					K(t, pn(void 0));
					return;
				}
				return V.add(t), K(t, dn(h)), je(v, C, !1, {
					fetcherSubmission: h,
					preventScrollReset: m
				});
			}
			if (Y(C)) {
				q(t, n, C.error);
				return;
			}
		}
		let w = P.navigation.location || P.location, T = It(e.history, w, _.signal), E = c.activeRoutes, D = P.navigation.state === "idle" ? P.matches : j(E, P.navigation.location, l, !1, c.branches);
		f(D, "Didn't find any matches after fetcher action");
		let O = ++oe;
		ce.set(t, O);
		let { dsMatches: k, revalidatingFetchers: A } = ct(T, u, a, o, e.history, P, D, h, w, r, !1, ie, ae, U, le, V, E, l, e.patchRoutesOnNavigation != null, c.branches, [y.route.id, C], g), ee = dn(h, C.data), M = new Map(P.fetchers);
		M.set(t, ee), A.filter((e) => e.key !== t).forEach((e) => {
			let t = e.key, n = M.get(t), r = dn(void 0, n ? n.data : void 0);
			M.set(t, r), ze(t), e.controller && B.set(t, e.controller);
		}), W({ fetchers: M });
		let N = () => A.forEach((e) => ze(e.key));
		_.signal.addEventListener("abort", N);
		let { loaderResults: I, fetcherResults: te } = await Ne(k, A, T, w, u);
		if (_.signal.aborted) return;
		_.signal.removeEventListener("abort", N), ce.delete(t), B.delete(t), A.forEach((e) => B.delete(e.key));
		let ne = P.fetchers.has(t), re = (e) => {
			if (!ne) return e;
			let n = new Map(e.fetchers);
			return n.set(t, pn(C.data)), {
				...e,
				fetchers: n
			};
		}, R = Kt(I);
		if (R) return P = re(P), je(T, R.result, !1, { preventScrollReset: m });
		if (R = Kt(te), R) return V.add(R.key), P = re(P), je(T, R.result, !1, { preventScrollReset: m });
		let z = new Map(P.fetchers);
		ne && z.set(t, pn(C.data));
		let { loaderData: H, errors: ue } = Vt(P, D, I, void 0, A, te, z);
		Ue(O, z), P.navigation.state === "loading" && O > se ? (f(F, "Expected pending action"), L && L.abort(), G(P.navigation.location, {
			matches: D,
			loaderData: H,
			errors: ue,
			fetchers: z
		})) : (W({
			errors: ue,
			loaderData: Ht(P.loaderData, H, D, ue),
			fetchers: z
		}), ie = !1);
	}
	async function Ae(t, n, i, s, c, l, u, d, f) {
		let p = P.fetchers.get(t);
		K(t, dn(f, p ? p.data : void 0), { flushSync: u });
		let m = new AbortController(), h = It(e.history, i, m.signal);
		if (l) {
			let e = await dt(s, new URL(h.url).pathname, h.signal, t);
			if (e.type === "aborted") return;
			if (e.type === "error") {
				q(t, n, e.error, { flushSync: u });
				return;
			}
			if (e.matches) s = e.matches;
			else {
				q(t, n, J(404, { pathname: i }), { flushSync: u });
				return;
			}
		}
		let g = sn(s, i);
		B.set(t, m);
		let _ = oe, v = await Me(h, i, Dt(a, o, h, i, s, g, r, c), c, t), y = v[g.route.id];
		if (!y) {
			for (let e of s) if (v[e.route.id]) {
				y = v[e.route.id];
				break;
			}
		}
		if (B.get(t) === m && B.delete(t), !h.signal.aborted) {
			if (U.has(t)) K(t, pn(void 0));
			else if ($t(y)) {
				if (se > _) {
					K(t, pn(void 0));
					return;
				}
				V.add(t), await je(h, y, !1, { preventScrollReset: d });
			} else Y(y) ? q(t, n, y.error) : K(t, pn(y.data));
		}
	}
	async function je(r, i, a, { submission: o, fetcherSubmission: s, preventScrollReset: c, replace: u } = {}) {
		a || (I?.resolve(), I = null), i.response.headers.has("X-Remix-Revalidate") && (ie = !0);
		let d = i.response.headers.get("Location");
		f(d, "Expected a Location header on the redirect Response");
		let p = d, m = new URL(r.url);
		d = Ft(d, m, l, e.history), Be(p, d, m, "allow-explicit");
		let h = g(P.location, d, { _isRedirect: !0 });
		if (n) {
			let e = !1;
			if (i.response.headers.has("X-Remix-Reload-Document")) e = !0;
			else if (de(d)) {
				let n = b(t, d, !0);
				e = n.origin !== t.location.origin || H(n.pathname, l) == null;
			}
			if (e) {
				u ? t.location.replace(d) : t.location.assign(d);
				return;
			}
		}
		L = null;
		let _ = u === !0 || i.response.headers.has("X-Remix-Replace") ? "REPLACE" : "PUSH", { formMethod: v, formAction: y, formEncType: x } = P.navigation;
		!o && !s && v && y && x && (o = cn(P.navigation));
		let S = o || s;
		Ke.has(i.response.status) && S && X(S.formMethod) ? await be(_, h, {
			submission: {
				...S,
				formAction: d
			},
			preventScrollReset: c || te,
			enableViewTransition: a ? ne : void 0
		}) : await be(_, h, {
			overrideNavigation: ln(h, [], _, o),
			fetcherSubmission: s,
			preventScrollReset: c || te,
			enableViewTransition: a ? ne : void 0
		});
	}
	async function Me(e, t, n, r, i) {
		let a, o = {};
		try {
			a = await Ot(u, e, t, n, i, r, !1);
		} catch (e) {
			return n.filter((e) => e.shouldLoad).forEach((t) => {
				o[t.route.id] = {
					type: "error",
					error: e
				};
			}), o;
		}
		if (e.signal.aborted) return o;
		if (!X(e.method)) for (let e of n) {
			if (a[e.route.id]?.type === "error") break;
			a.hasOwnProperty(e.route.id) || P.loaderData.hasOwnProperty(e.route.id) || P.errors && P.errors.hasOwnProperty(e.route.id) || !e.shouldCallHandler() || (a[e.route.id] = {
				type: "error",
				result: /* @__PURE__ */ Error(`No result returned from dataStrategy for route ${e.route.id}`)
			});
		}
		for (let [t, r] of Object.entries(a)) if (Qt(r)) {
			let i = r.result;
			o[t] = {
				type: "redirect",
				response: Mt(i, e, t, n, l)
			};
		} else o[t] = await jt(r);
		return o;
	}
	async function Ne(e, t, n, r, i) {
		let a = Me(n, r, e, i, null), o = Promise.all(t.map(async (e) => {
			if (e.matches && e.match && e.request && e.controller) {
				let t = (await Me(e.request, e.path, e.matches, i, e.key))[e.match.route.id];
				return { [e.key]: t };
			}
			return Promise.resolve({ [e.key]: {
				type: "error",
				error: J(404, { pathname: e.path })
			} });
		}));
		return {
			loaderResults: await a,
			fetcherResults: (await o).reduce((e, t) => Object.assign(e, t), {})
		};
	}
	function Pe() {
		ie = !0, le.forEach((e, t) => {
			B.has(t) && ae.add(t), ze(t);
		});
	}
	function K(e, t, n = {}) {
		let r = new Map(P.fetchers);
		r.set(e, t), W({ fetchers: r }, { flushSync: (n && n.flushSync) === !0 });
	}
	function q(e, t, n, r = {}) {
		let i = Wt(P.matches, t), a = new Map(P.fetchers);
		Le(a, e), W({
			errors: { [i.route.id]: n },
			fetchers: a
		}, { flushSync: (r && r.flushSync) === !0 });
	}
	function Fe(e) {
		return ue.set(e, (ue.get(e) || 0) + 1), U.has(e) && U.delete(e), P.fetchers.get(e) || Je;
	}
	function Ie(e, t) {
		ze(e, t?.reason), K(e, pn(null));
	}
	function Le(e, t) {
		let n = P.fetchers.get(t);
		B.has(t) && !(n && n.state === "loading" && ce.has(t)) && ze(t), le.delete(t), ce.delete(t), V.delete(t), U.delete(t), ae.delete(t), e.delete(t);
	}
	function Re(e) {
		let t = (ue.get(e) || 0) - 1;
		t <= 0 ? (ue.delete(e), U.add(e)) : ue.set(e, t), W({ fetchers: new Map(P.fetchers) });
	}
	function ze(e, t) {
		let n = B.get(e);
		n && (n.abort(t), B.delete(e));
	}
	function Ve(e, t) {
		for (let n of e) {
			let e = t.get(n);
			f(e, `Expected fetcher: ${n}`);
			let r = pn(e.data);
			t.set(n, r);
		}
	}
	function He(e) {
		let t = [], n = !1;
		for (let r of V) {
			let i = e.get(r);
			f(i, `Expected fetcher: ${r}`), i.state === "loading" && (V.delete(r), t.push(r), n = !0);
		}
		return Ve(t, e), n;
	}
	function Ue(e, t) {
		let n = [];
		for (let [r, i] of ce) if (i < e) {
			let e = t.get(r);
			f(e, `Expected fetcher: ${r}`), e.state === "loading" && (ze(r), ce.delete(r), n.push(r));
		}
		return Ve(n, t), n.length > 0;
	}
	function We(e, t) {
		let n = P.blockers.get(e) || Ye;
		return fe.get(e) !== t && fe.set(e, t), n;
	}
	function Ge(e) {
		P.blockers.delete(e), fe.delete(e);
	}
	function Ze(e, t) {
		let n = P.blockers.get(e) || Ye;
		f(n.state === "unblocked" && t.state === "blocked" || n.state === "blocked" && t.state === "blocked" || n.state === "blocked" && t.state === "proceeding" || n.state === "blocked" && t.state === "unblocked" || n.state === "proceeding" && t.state === "unblocked", `Invalid blocker state transition: ${n.state} -> ${t.state}`);
		let r = new Map(P.blockers);
		r.set(e, t), W({ blockers: r });
	}
	function Qe({ currentLocation: e, nextLocation: t, historyAction: n }) {
		if (fe.size === 0) return;
		fe.size > 1 && p(!1, "A router only supports one blocker at a time");
		let r = Array.from(fe.entries()), [i, a] = r[r.length - 1], o = P.blockers.get(i);
		if (!(o && o.state === "proceeding") && a({
			currentLocation: e,
			nextLocation: t,
			historyAction: n
		})) return i;
	}
	function $e(e) {
		let t = J(404, { pathname: e }), n = c.activeRoutes, { matches: r, route: i } = Gt(n);
		return {
			notFoundMatches: r,
			route: i,
			error: t
		};
	}
	function et(e, t, n) {
		if (x = e, w = t, C = n || null, !T && P.navigation === qe) {
			T = !0;
			let e = it(P.location, P.matches);
			e != null && W({ restoreScrollPosition: e });
		}
		return () => {
			x = null, w = null, C = null;
		};
	}
	function tt(e, t) {
		return C && C(e, t.map((e) => ee(e, P.loaderData))) || e.key;
	}
	function nt(e, t) {
		if (x && w) {
			let n = tt(e, t);
			x[n] = w();
		}
	}
	function it(e, t) {
		if (x) {
			let n = tt(e, t), r = x[n];
			if (typeof r == "number") return r;
		}
		return null;
	}
	function at(t, n, r) {
		if (e.patchRoutesOnNavigation) {
			let e = c.branches;
			if (!t) return {
				active: !0,
				matches: j(n, r, l, !0, e) || []
			};
			if (Object.keys(t[0].params).length > 0) return {
				active: !0,
				matches: j(n, r, l, !0, e)
			};
		}
		return {
			active: !1,
			matches: null
		};
	}
	async function dt(t, n, r, i) {
		if (!e.patchRoutesOnNavigation) return {
			type: "success",
			matches: t
		};
		let s = t;
		for (;;) {
			let t = o;
			try {
				await e.patchRoutesOnNavigation({
					signal: r,
					path: n,
					matches: s,
					fetcherKey: i,
					patch: (e, n) => {
						r.aborted || mt(e, n, c, t, a, !1);
					}
				});
			} catch (e) {
				return {
					type: "error",
					error: e,
					partialMatches: s
				};
			}
			if (r.aborted) return { type: "aborted" };
			let u = c.branches, d = j(c.activeRoutes, n, l, !1, u), f = null;
			if (d && (Object.keys(d[0].params).length === 0 || (f = j(c.activeRoutes, n, l, !0, u), !(f && s.length < f.length && ft(s, f.slice(0, s.length)))))) return {
				type: "success",
				matches: d
			};
			if (f ||= j(c.activeRoutes, n, l, !0, u), !f || ft(s, f)) return {
				type: "success",
				matches: null
			};
			s = f;
		}
	}
	function ft(e, t) {
		return e.length === t.length && e.every((e, n) => e.route.id === t[n].route.id);
	}
	function pt(e) {
		o = {}, c.setHmrRoutes(O(e, a, void 0, o));
	}
	function ht(e, t, n = !1) {
		mt(e, t, c, o, a, n), c.hasHMRRoutes || W({});
	}
	return N = {
		get basename() {
			return l;
		},
		get future() {
			return d;
		},
		get state() {
			return P;
		},
		get routes() {
			return c.stableRoutes;
		},
		get branches() {
			return c.branches;
		},
		get manifest() {
			return o;
		},
		get window() {
			return t;
		},
		initialize: he,
		subscribe: _e,
		enableScrollRestoration: et,
		navigate: ve,
		fetch: Ee,
		revalidate: ye,
		createHref: (t) => e.history.createHref(t),
		createURL: (t) => e.history.createURL(t),
		encodeLocation: (t) => e.history.encodeLocation(t),
		getFetcher: Fe,
		resetFetcher: Ie,
		deleteFetcher: Re,
		dispose: ge,
		getBlocker: We,
		deleteBlocker: Ge,
		patchRoutes: ht,
		_internalFetchControllers: B,
		_internalSetRoutes: pt,
		_internalSetStateDoNotUseOrYouWillBreakYourApp(e) {
			W(e);
		}
	}, e.instrumentations && (N = ke(N, e.instrumentations.map((e) => e.router).filter(Boolean))), N;
}
function at(e) {
	return e != null && ("formData" in e && e.formData != null || "body" in e && e.body !== void 0);
}
function ot(e, t, n, r, i, a) {
	let o, s;
	if (i) {
		o = [];
		for (let e of t) if (o.push(e), e.route.id === i) {
			s = e;
			break;
		}
	} else o = t, s = t[t.length - 1];
	let c = ge(r || ".", he(o), H(e.pathname, n) || e.pathname, a === "path");
	if (r ?? (c.search = e.search, c.hash = e.hash), (r == null || r === "" || r === ".") && s) {
		let e = on(c.search);
		if (s.route.index && !e) c.search = c.search ? c.search.replace(/^\?/, "?index&") : "?index";
		else if (!s.route.index && e) {
			let e = new URLSearchParams(c.search), t = e.getAll("index");
			e.delete("index"), t.filter((e) => e).forEach((t) => e.append("index", t));
			let n = e.toString();
			c.search = n ? `?${n}` : "";
		}
	}
	return n !== "/" && (c.pathname = ue({
		basename: n,
		pathname: c.pathname
	})), _(c);
}
function st(e, t, n) {
	if (!n || !at(n)) return { path: t };
	if (n.formMethod && !an(n.formMethod)) return {
		path: t,
		error: J(405, { method: n.formMethod })
	};
	let r = () => ({
		path: t,
		error: J(400, { type: "invalid-body" })
	}), i = (n.formMethod || "get").toUpperCase(), a = qt(t);
	if (n.body !== void 0) {
		if (n.formEncType === "text/plain") {
			if (!X(i)) return r();
			let e = typeof n.body == "string" ? n.body : n.body instanceof FormData || n.body instanceof URLSearchParams ? Array.from(n.body.entries()).reduce((e, [t, n]) => `${e}${t}=${n}
`, "") : String(n.body);
			return {
				path: t,
				submission: {
					formMethod: i,
					formAction: a,
					formEncType: n.formEncType,
					formData: void 0,
					json: void 0,
					text: e
				}
			};
		}
		if (n.formEncType === "application/json") {
			if (!X(i)) return r();
			try {
				let e = typeof n.body == "string" ? JSON.parse(n.body) : n.body;
				return {
					path: t,
					submission: {
						formMethod: i,
						formAction: a,
						formEncType: n.formEncType,
						formData: void 0,
						json: e,
						text: void 0
					}
				};
			} catch {
				return r();
			}
		}
	}
	f(typeof FormData == "function", "FormData is not available in this environment");
	let o, s;
	if (n.formData) o = Rt(n.formData), s = n.formData;
	else if (n.body instanceof FormData) o = Rt(n.body), s = n.body;
	else if (n.body instanceof URLSearchParams) o = n.body, s = zt(o);
	else if (n.body == null) o = new URLSearchParams(), s = new FormData();
	else try {
		o = new URLSearchParams(n.body), s = zt(o);
	} catch {
		return r();
	}
	let c = {
		formMethod: i,
		formAction: a,
		formEncType: n && n.formEncType || "application/x-www-form-urlencoded",
		formData: s,
		json: void 0,
		text: void 0
	};
	if (X(c.formMethod)) return {
		path: t,
		submission: c
	};
	let l = v(t);
	return e && l.search && on(l.search) && o.append("index", ""), l.search = `?${o}`, {
		path: _(l),
		submission: c
	};
}
function ct(e, t, n, r, i, a, o, s, c, l, u, d, f, p, m, h, g, _, v, y, b, x) {
	let S = b ? Y(b[1]) ? b[1].error : b[1].data : void 0, C = i.createURL(a.location), w = i.createURL(c), T;
	if (u && a.errors) {
		let e = Object.keys(a.errors)[0];
		T = o.findIndex((t) => t.route.id === e);
	} else if (b && Y(b[1])) {
		let e = b[0];
		T = o.findIndex((t) => t.route.id === e) - 1;
	}
	let E = b ? b[1].statusCode : void 0, D = E && E >= 400, O = {
		currentUrl: C,
		currentParams: a.matches[0]?.params || {},
		nextUrl: w,
		nextParams: o[0].params,
		...s,
		actionResult: S,
		actionStatus: E
	}, k = we(o), A = o.map((i, o) => {
		let { route: s } = i, f = null;
		if (T != null && o > T) f = !1;
		else if (s.lazy) f = !0;
		else if (!lt(s)) f = !1;
		else if (u) {
			let { shouldLoad: e } = ut(s, a.loaderData, a.errors);
			f = e;
		} else dt(a.loaderData, a.matches[o], i) && (f = !0);
		if (f !== null) return Et(n, r, e, c, k, i, l, t, f);
		let p = !1;
		typeof x == "boolean" ? p = x : D ? p = !1 : d || C.pathname + C.search === w.pathname + w.search ? p = !0 : C.search === w.search ? ft(a.matches[o], i) && (p = !0) : p = !0;
		let m = {
			...O,
			defaultShouldRevalidate: p
		}, h = pt(i, m);
		return Et(n, r, e, c, k, i, l, t, h, m, x);
	}), ee = [];
	return m.forEach((e, s) => {
		if (u || !o.some((t) => t.route.id === e.routeId) || p.has(s)) return;
		let c = a.fetchers.get(s), m = c && c.state !== "idle" && c.data === void 0, b = j(g, e.path, _ ?? "/", !1, y);
		if (!b) {
			if (v && m) return;
			ee.push({
				key: s,
				routeId: e.routeId,
				path: e.path,
				matches: null,
				match: null,
				request: null,
				controller: null
			});
			return;
		}
		if (h.has(s)) return;
		let S = sn(b, e.path), C = new AbortController(), w = It(i, e.path, C.signal), T = null;
		if (f.has(s)) f.delete(s), T = Dt(n, r, w, e.path, b, S, l, t);
		else if (m) d && (T = Dt(n, r, w, e.path, b, S, l, t));
		else {
			let i;
			i = typeof x == "boolean" ? x : !D && d;
			let a = {
				...O,
				defaultShouldRevalidate: i
			};
			pt(S, a) && (T = Dt(n, r, w, e.path, b, S, l, t, a));
		}
		T && ee.push({
			key: s,
			routeId: e.routeId,
			path: e.path,
			matches: T,
			match: S,
			request: w,
			controller: C
		});
	}), {
		dsMatches: A,
		revalidatingFetchers: ee
	};
}
function lt(e) {
	return e.loader != null || e.middleware != null && e.middleware.length > 0;
}
function ut(e, t, n) {
	if (e.lazy) return {
		shouldLoad: !0,
		renderFallback: !0
	};
	if (!lt(e)) return {
		shouldLoad: !1,
		renderFallback: !1
	};
	let r = t != null && e.id in t, i = n != null && n[e.id] !== void 0;
	if (!r && i) return {
		shouldLoad: !1,
		renderFallback: !1
	};
	if (typeof e.loader == "function" && e.loader.hydrate === !0) return {
		shouldLoad: !0,
		renderFallback: !r
	};
	let a = !r && !i;
	return {
		shouldLoad: a,
		renderFallback: a
	};
}
function dt(e, t, n) {
	let r = !t || n.route.id !== t.route.id, i = !e.hasOwnProperty(n.route.id);
	return r || i;
}
function ft(e, t) {
	let n = e.route.path;
	return e.pathname !== t.pathname || n != null && n.endsWith("*") && e.params["*"] !== t.params["*"];
}
function pt(e, t) {
	if (e.route.shouldRevalidate) {
		let n = e.route.shouldRevalidate(t);
		if (typeof n == "boolean") return n;
	}
	return t.defaultShouldRevalidate;
}
function mt(e, t, n, r, i, a) {
	let o;
	if (e) {
		let t = r[e];
		f(t, `No route found to patch children into: routeId = ${e}`), t.children ||= [], o = t.children;
	} else o = n.activeRoutes;
	let s = [], c = [];
	if (t.forEach((e) => {
		let t = o.find((t) => ht(e, t));
		t ? c.push({
			existingRoute: t,
			newRoute: e
		}) : s.push(e);
	}), s.length > 0) {
		let t = O(s, i, [
			e || "_",
			"patch",
			String(o?.length || "0")
		], r);
		o.push(...t);
	}
	if (a && c.length > 0) for (let e = 0; e < c.length; e++) {
		let { existingRoute: t, newRoute: n } = c[e], r = t, [a] = O([n], i, [], {}, !0);
		Object.assign(r, {
			element: a.element ? a.element : r.element,
			errorElement: a.errorElement ? a.errorElement : r.errorElement,
			hydrateFallbackElement: a.hydrateFallbackElement ? a.hydrateFallbackElement : r.hydrateFallbackElement
		});
	}
	n.hasHMRRoutes || n.setRoutes([...n.activeRoutes]);
}
function ht(e, t) {
	return "id" in e && "id" in t && e.id === t.id ? !0 : e.index !== t.index || e.path !== t.path || e.caseSensitive !== t.caseSensitive ? !1 : (!e.children || e.children.length === 0) && (!t.children || t.children.length === 0) ? !0 : e.children?.every((e, n) => t.children?.some((t) => ht(e, t))) ?? !1;
}
var gt = /* @__PURE__ */ new WeakMap(), _t = ({ key: e, route: t, manifest: n, mapRouteProperties: r }) => {
	let i = n[t.id];
	if (f(i, "No route found in manifest"), !i.lazy || typeof i.lazy != "object") return;
	let a = i.lazy[e];
	if (!a) return;
	let o = gt.get(i);
	o || (o = {}, gt.set(i, o));
	let s = o[e];
	if (s) return s;
	let c = (async () => {
		let t = w(e), n = i[e] !== void 0 && e !== "hasErrorBoundary";
		if (t) p(!t, "Route property " + e + " is not a supported lazy route property. This property will be ignored."), o[e] = Promise.resolve();
		else if (n) p(!1, `Route "${i.id}" has a static property "${e}" defined. The lazy property will be ignored.`);
		else {
			let t = await a();
			t != null && (Object.assign(i, { [e]: t }), Object.assign(i, r(i)));
		}
		typeof i.lazy == "object" && (i.lazy[e] = void 0, Object.values(i.lazy).every((e) => e === void 0) && (i.lazy = void 0));
	})();
	return o[e] = c, c;
}, vt = /* @__PURE__ */ new WeakMap();
function yt(e, t, n, r, i) {
	let a = n[e.id];
	if (f(a, "No route found in manifest"), !e.lazy) return {
		lazyRoutePromise: void 0,
		lazyHandlerPromise: void 0
	};
	if (typeof e.lazy == "function") {
		let t = vt.get(a);
		if (t) return {
			lazyRoutePromise: t,
			lazyHandlerPromise: t
		};
		let n = (async () => {
			f(typeof e.lazy == "function", "No lazy route function found");
			let t = await e.lazy(), n = {};
			for (let e in t) {
				let r = t[e];
				if (r === void 0) continue;
				let i = E(e), o = a[e] !== void 0 && e !== "hasErrorBoundary";
				i ? p(!i, "Route property " + e + " is not a supported property to be returned from a lazy route function. This property will be ignored.") : o ? p(!o, `Route "${a.id}" has a static property "${e}" defined but its lazy function is also returning a value for this property. The lazy route property "${e}" will be ignored.`) : n[e] = r;
			}
			Object.assign(a, n), Object.assign(a, {
				...r(a),
				lazy: void 0
			});
		})();
		return vt.set(a, n), n.catch(() => {}), {
			lazyRoutePromise: n,
			lazyHandlerPromise: n
		};
	}
	let o = Object.keys(e.lazy), s = [], c;
	for (let a of o) {
		if (i && i.includes(a)) continue;
		let o = _t({
			key: a,
			route: e,
			manifest: n,
			mapRouteProperties: r
		});
		o && (s.push(o), a === t && (c = o));
	}
	let l = s.length > 0 ? Promise.all(s).then(() => {}) : void 0;
	return l?.catch(() => {}), c?.catch(() => {}), {
		lazyRoutePromise: l,
		lazyHandlerPromise: c
	};
}
async function bt(e) {
	let t = e.matches.filter((e) => e.shouldLoad), n = {};
	return (await Promise.all(t.map((e) => e.resolve()))).forEach((e, r) => {
		n[t[r].route.id] = e;
	}), n;
}
async function xt(e) {
	return e.matches.some((e) => e.route.middleware) ? St(e, () => bt(e)) : bt(e);
}
function St(e, t) {
	return Ct(e, t, (e) => {
		if (rn(e)) throw e;
		return e;
	}, Xt, n);
	function n(t, n, r) {
		if (r) return Promise.resolve(Object.assign(r.value, { [n]: {
			type: "error",
			result: t
		} }));
		{
			let { matches: r } = e, i = Wt(r, r[Math.min(Math.max(r.findIndex((e) => e.route.id === n), 0), Math.max(r.findIndex((e) => e.shouldCallHandler()), 0))].route.id).route.id;
			return Promise.resolve({ [i]: {
				type: "error",
				result: t
			} });
		}
	}
}
async function Ct(e, t, n, r, i) {
	let { matches: a, ...o } = e;
	return await wt(o, a.flatMap((e) => e.route.middleware ? e.route.middleware.map((t) => [e.route.id, t]) : []), t, n, r, i);
}
async function wt(e, t, n, r, i, a, o = 0) {
	let { request: s } = e;
	if (s.signal.aborted) throw s.signal.reason ?? /* @__PURE__ */ Error(`Request aborted: ${s.method} ${s.url}`);
	let c = t[o];
	if (!c) return await n();
	let [l, u] = c, d, f = async () => {
		if (d) throw Error("You may only call `next()` once per middleware");
		try {
			return d = { value: await wt(e, t, n, r, i, a, o + 1) }, d.value;
		} catch (e) {
			return d = { value: await a(e, l, d) }, d.value;
		}
	};
	try {
		let t = await u(e, f), n = t == null ? void 0 : r(t);
		return i(n) ? n : d ? n ?? d.value : (d = { value: await f() }, d.value);
	} catch (e) {
		return await a(e, l, d);
	}
}
function Tt(e, t, n, r, i) {
	let a = _t({
		key: "middleware",
		route: r.route,
		manifest: t,
		mapRouteProperties: e
	}), o = yt(r.route, X(n.method) ? "action" : "loader", t, e, i);
	return {
		middleware: a,
		route: o.lazyRoutePromise,
		handler: o.lazyHandlerPromise
	};
}
function Et(e, t, n, r, i, a, o, s, c, l = null, u) {
	let d = !1, f = Tt(e, t, n, a, o);
	return {
		...a,
		_lazyPromises: f,
		shouldLoad: c,
		shouldRevalidateArgs: l,
		shouldCallHandler(e) {
			return d = !0, l ? typeof u == "boolean" ? pt(a, {
				...l,
				defaultShouldRevalidate: u
			}) : typeof e == "boolean" ? pt(a, {
				...l,
				defaultShouldRevalidate: e
			}) : pt(a, l) : c;
		},
		resolve(e) {
			let { lazy: t, loader: o, middleware: l } = a.route, u = d || c || e && !X(n.method) && (t || o), p = l && l.length > 0 && !o && !t;
			return u && (X(n.method) || !p) ? kt({
				request: n,
				path: r,
				pattern: i,
				match: a,
				lazyHandlerPromise: f?.handler,
				lazyRoutePromise: f?.route,
				handlerOverride: e,
				scopedContext: s
			}) : Promise.resolve({
				type: "data",
				result: void 0
			});
		}
	};
}
function Dt(e, t, n, r, i, a, o, s, c = null) {
	return i.map((l) => l.route.id === a.route.id ? Et(e, t, n, r, we(i), l, o, s, !0, c) : {
		...l,
		shouldLoad: !1,
		shouldRevalidateArgs: c,
		shouldCallHandler: () => !1,
		_lazyPromises: Tt(e, t, n, l, o),
		resolve: () => Promise.resolve({
			type: "data",
			result: void 0
		})
	});
}
async function Ot(e, t, n, r, i, a, o) {
	r.some((e) => e._lazyPromises?.middleware) && await Promise.all(r.map((e) => e._lazyPromises?.middleware));
	let s = {
		request: t,
		url: Lt(t, n),
		pattern: we(r),
		params: r[0].params,
		context: a,
		matches: r
	}, c = o ? () => {
		throw Error("You cannot call `runClientMiddleware()` from a static handler `dataStrategy`. Middleware is run outside of `dataStrategy` during SSR in order to bubble up the Response.  You can enable middleware via the `respond` API in `query`/`queryRoute`");
	} : (e) => {
		let t = s;
		return St(t, () => e({
			...t,
			fetcherKey: i,
			runClientMiddleware: () => {
				throw Error("Cannot call `runClientMiddleware()` from within an `runClientMiddleware` handler");
			}
		}));
	}, l = await e({
		...s,
		fetcherKey: i,
		runClientMiddleware: c
	});
	try {
		await Promise.all(r.flatMap((e) => [e._lazyPromises?.handler, e._lazyPromises?.route]));
	} catch {}
	return l;
}
async function kt({ request: e, path: t, pattern: n, match: r, lazyHandlerPromise: i, lazyRoutePromise: a, handlerOverride: o, scopedContext: s }) {
	let c, l, u = X(e.method), d = u ? "action" : "loader", f = (i) => {
		let a, c = new Promise((e, t) => a = t);
		l = () => a(), e.signal.addEventListener("abort", l);
		let u = (a) => typeof i == "function" ? i({
			request: e,
			url: Lt(e, t),
			pattern: n,
			params: r.params,
			context: s
		}, ...a === void 0 ? [] : [a]) : Promise.reject(/* @__PURE__ */ Error(`You cannot call the handler for a route which defines a boolean "${d}" [routeId: ${r.route.id}]`)), f = (async () => {
			try {
				return {
					type: "data",
					result: await (o ? o((e) => u(e)) : u())
				};
			} catch (e) {
				return {
					type: "error",
					result: e
				};
			}
		})();
		return Promise.race([f, c]);
	};
	try {
		let t = u ? r.route.action : r.route.loader;
		if (i || a) {
			if (t) {
				let e, [n] = await Promise.all([
					f(t).catch((t) => {
						e = t;
					}),
					i,
					a
				]);
				if (e !== void 0) throw e;
				c = n;
			} else {
				await i;
				let t = u ? r.route.action : r.route.loader;
				if (t) [c] = await Promise.all([f(t), a]);
				else if (d === "action") {
					let t = new URL(e.url), n = t.pathname + t.search;
					throw J(405, {
						method: e.method,
						pathname: n,
						routeId: r.route.id
					});
				} else return {
					type: "data",
					result: void 0
				};
			}
		} else if (t) c = await f(t);
		else {
			let t = new URL(e.url);
			throw J(404, { pathname: t.pathname + t.search });
		}
	} catch (e) {
		return {
			type: "error",
			result: e
		};
	} finally {
		l && e.signal.removeEventListener("abort", l);
	}
	return c;
}
async function At(e) {
	let t = e.headers.get("Content-Type");
	return t && /\bapplication\/json\b/.test(t) ? e.body == null ? null : e.json() : e.text();
}
async function jt(e) {
	let { result: t, type: n } = e;
	if (tn(t)) {
		let e;
		try {
			e = await At(t);
		} catch (e) {
			return {
				type: "error",
				error: e
			};
		}
		return n === "error" ? {
			type: "error",
			error: new Se(t.status, t.statusText, e),
			statusCode: t.status,
			headers: t.headers
		} : {
			type: "data",
			data: e,
			statusCode: t.status,
			headers: t.headers
		};
	}
	return n === "error" ? en(t) ? t.data instanceof Error ? {
		type: "error",
		error: t.data,
		statusCode: t.init?.status,
		headers: t.init?.headers ? new Headers(t.init.headers) : void 0
	} : {
		type: "error",
		error: Yt(t),
		statusCode: Ce(t) ? t.status : void 0,
		headers: t.init?.headers ? new Headers(t.init.headers) : void 0
	} : {
		type: "error",
		error: t,
		statusCode: Ce(t) ? t.status : void 0
	} : en(t) ? {
		type: "data",
		data: t.data,
		statusCode: t.init?.status,
		headers: t.init?.headers ? new Headers(t.init.headers) : void 0
	} : {
		type: "data",
		data: t
	};
}
function Mt(e, t, n, r, i) {
	let a = e.headers.get("Location");
	if (f(a, "Redirects returned/thrown from loaders/actions must have a Location header"), !de(a)) {
		let o = r.slice(0, r.findIndex((e) => e.route.id === n) + 1);
		a = ot(new URL(t.url), o, i, a), e.headers.set("Location", a);
	}
	return e;
}
var Nt = [
	"about:",
	"blob:",
	"chrome:",
	"chrome-untrusted:",
	"content:",
	"data:",
	"devtools:",
	"file:",
	"filesystem:",
	"javascript:"
];
function Pt(e) {
	try {
		return Nt.includes(new URL(e).protocol);
	} catch {
		return !1;
	}
}
function Ft(e, t, n, r) {
	if (de(e)) {
		let r = e, i = s.test(r) ? new URL(c(r, t.protocol)) : new URL(r);
		if (Pt(i.toString())) throw Error("Invalid redirect location");
		let a = H(i.pathname, n) != null;
		if (i.origin === t.origin && a) return _e(i.pathname) + i.search + i.hash;
	}
	try {
		if (Pt(r.createURL(e).toString())) throw Error("Invalid redirect location");
	} catch {}
	return e;
}
function It(e, t, n, r) {
	let i = e.createURL(qt(t)).toString(), a = { signal: n };
	if (r && X(r.formMethod)) {
		let { formMethod: e, formEncType: t } = r;
		a.method = e.toUpperCase(), t === "application/json" ? (a.headers = new Headers({ "Content-Type": t }), a.body = JSON.stringify(r.json)) : a.body = t === "text/plain" ? r.text : t === "application/x-www-form-urlencoded" && r.formData ? Rt(r.formData) : r.formData;
	}
	return new Request(i, a);
}
function Lt(e, t) {
	let n = new URL(e.url), r = typeof t == "string" ? v(t) : t;
	if (n.pathname = r.pathname || "/", r.search) {
		let e = new URLSearchParams(r.search), t = e.getAll("index");
		e.delete("index");
		for (let n of t.filter(Boolean)) e.append("index", n);
		n.search = e.size ? `?${e.toString()}` : "";
	} else n.search = "";
	return n.hash = r.hash || "", n;
}
function Rt(e) {
	let t = new URLSearchParams();
	for (let [n, r] of e.entries()) t.append(n, typeof r == "string" ? r : r.name);
	return t;
}
function zt(e) {
	let t = new FormData();
	for (let [n, r] of e.entries()) t.append(n, r);
	return t;
}
function Bt(e, t, n, r = !1, i = !1) {
	let a = {}, o = null, s, c = !1, l = {}, u = n && Y(n[1]) ? n[1].error : void 0;
	return e.forEach((n) => {
		if (!(n.route.id in t)) return;
		let d = n.route.id, p = t[d];
		if (f(!$t(p), "Cannot handle redirect results in processLoaderData"), Y(p)) {
			let t = p.error;
			if (u !== void 0 && (t = u, u = void 0), o ||= {}, i) o[d] = t;
			else {
				let n = Wt(e, d);
				o[n.route.id] ?? (o[n.route.id] = t);
			}
			r || (a[d] = Qe), c || (c = !0, s = Ce(p.error) ? p.error.status : 500), p.headers && (l[d] = p.headers);
		} else a[d] = p.data, p.statusCode && p.statusCode !== 200 && !c && (s = p.statusCode), p.headers && (l[d] = p.headers);
	}), u !== void 0 && n && (o = { [n[0]]: u }, n[2] && (a[n[2]] = void 0)), {
		loaderData: a,
		errors: o,
		statusCode: s || 200,
		loaderHeaders: l
	};
}
function Vt(e, t, n, r, i, a, o) {
	let { loaderData: s, errors: c } = Bt(t, n, r);
	return i.filter((e) => !e.matches || e.matches.some((e) => e.shouldLoad)).forEach((t) => {
		let { key: n, match: r, controller: i } = t;
		if (i && i.signal.aborted) return;
		let s = a[n];
		if (f(s, "Did not find corresponding fetcher result"), Y(s)) {
			let t = Wt(e.matches, r?.route.id);
			c && c[t.route.id] || (c = {
				...c,
				[t.route.id]: s.error
			}), o.delete(n);
		} else if ($t(s)) f(!1, "Unhandled fetcher revalidation redirect");
		else {
			let e = pn(s.data);
			o.set(n, e);
		}
	}), {
		loaderData: s,
		errors: c
	};
}
function Ht(e, t, n, r) {
	let i = Object.entries(t).filter(([, e]) => e !== Qe).reduce((e, [t, n]) => (e[t] = n, e), {});
	for (let a of n) {
		let n = a.route.id;
		if (!t.hasOwnProperty(n) && e.hasOwnProperty(n) && a.route.loader && (i[n] = e[n]), r && r.hasOwnProperty(n)) break;
	}
	return i;
}
function Ut(e) {
	return e ? Y(e[1]) ? { actionData: {} } : { actionData: { [e[0]]: e[1].data } } : {};
}
function Wt(e, t) {
	return (t ? e.slice(0, e.findIndex((e) => e.route.id === t) + 1) : [...e]).reverse().find((e) => e.route.hasErrorBoundary === !0) || e[0];
}
function Gt(e) {
	let t = e.length === 1 ? e[0] : e.find((e) => e.index || !e.path || e.path === "/") || { id: "__shim-error-route__" };
	return {
		matches: [{
			params: {},
			pathname: "",
			pathnameBase: "",
			route: t
		}],
		route: t
	};
}
function J(e, { pathname: t, routeId: n, method: r, type: i, message: a } = {}) {
	let o = "Unknown Server Error", s = "Unknown @remix-run/router error";
	return e === 400 ? (o = "Bad Request", r && t && n ? s = `You made a ${r} request to "${t}" but did not provide a \`loader\` for route "${n}", so there is no way to handle the request.` : i === "invalid-body" && (s = "Unable to encode submission body")) : e === 403 ? (o = "Forbidden", s = `Route "${n}" does not match URL "${t}"`) : e === 404 ? (o = "Not Found", s = `No route matches URL "${t}"`) : e === 405 && (o = "Method Not Allowed", r && t && n ? s = `You made a ${r.toUpperCase()} request to "${t}" but did not provide an \`action\` for route "${n}", so there is no way to handle the request.` : r && (s = `Invalid request method "${r.toUpperCase()}"`)), new Se(e || 500, o, Error(s), !0);
}
function Kt(e) {
	let t = Object.entries(e);
	for (let e = t.length - 1; e >= 0; e--) {
		let [n, r] = t[e];
		if ($t(r)) return {
			key: n,
			result: r
		};
	}
}
function qt(e) {
	return _({
		...typeof e == "string" ? v(e) : e,
		hash: ""
	});
}
function Jt(e, t) {
	return e.pathname !== t.pathname || e.search !== t.search ? !1 : e.hash === "" ? t.hash !== "" : e.hash === t.hash || t.hash !== "";
}
function Yt(e) {
	return new Se(e.init?.status ?? 500, e.init?.statusText ?? "Internal Server Error", e.data);
}
function Xt(e) {
	return typeof e == "object" && !!e && Object.entries(e).every(([e, t]) => typeof e == "string" && Zt(t));
}
function Zt(e) {
	return typeof e == "object" && !!e && "type" in e && "result" in e && (e.type === "data" || e.type === "error");
}
function Qt(e) {
	return tn(e.result) && Ge.has(e.result.status);
}
function Y(e) {
	return e.type === "error";
}
function $t(e) {
	return (e && e.type) === "redirect";
}
function en(e) {
	return typeof e == "object" && !!e && "type" in e && "data" in e && "init" in e && e.type === "DataWithResponseInit";
}
function tn(e) {
	return e != null && typeof e.status == "number" && typeof e.statusText == "string" && typeof e.headers == "object" && e.body !== void 0;
}
function nn(e) {
	return Ge.has(e);
}
function rn(e) {
	return tn(e) && nn(e.status) && e.headers.has("Location");
}
function an(e) {
	return We.has(e.toUpperCase());
}
function X(e) {
	return He.has(e.toUpperCase());
}
function on(e) {
	return new URLSearchParams(e).getAll("index").some((e) => e === "");
}
function sn(e, t) {
	let n = typeof t == "string" ? v(t).search : t.search;
	if (e[e.length - 1].route.index && on(n || "")) return e[e.length - 1];
	let r = me(e);
	return r[r.length - 1];
}
function cn(e) {
	let { formMethod: t, formAction: n, formEncType: r, text: i, formData: a, json: o } = e;
	if (t && n && r) {
		if (i != null) return {
			formMethod: t,
			formAction: n,
			formEncType: r,
			formData: void 0,
			json: void 0,
			text: i
		};
		if (a != null) return {
			formMethod: t,
			formAction: n,
			formEncType: r,
			formData: a,
			json: void 0,
			text: void 0
		};
		if (o !== void 0) return {
			formMethod: t,
			formAction: n,
			formEncType: r,
			formData: void 0,
			json: o,
			text: void 0
		};
	}
}
function ln(e, t, n, r) {
	return r ? {
		state: "loading",
		location: e,
		matches: t,
		historyAction: n,
		formMethod: r.formMethod,
		formAction: r.formAction,
		formEncType: r.formEncType,
		formData: r.formData,
		json: r.json,
		text: r.text
	} : {
		state: "loading",
		location: e,
		matches: t,
		historyAction: n,
		formMethod: void 0,
		formAction: void 0,
		formEncType: void 0,
		formData: void 0,
		json: void 0,
		text: void 0
	};
}
function un(e, t, n, r) {
	return {
		state: "submitting",
		location: e,
		matches: t,
		historyAction: n,
		formMethod: r.formMethod,
		formAction: r.formAction,
		formEncType: r.formEncType,
		formData: r.formData,
		json: r.json,
		text: r.text
	};
}
function dn(e, t) {
	return e ? {
		state: "loading",
		formMethod: e.formMethod,
		formAction: e.formAction,
		formEncType: e.formEncType,
		formData: e.formData,
		json: e.json,
		text: e.text,
		data: t
	} : {
		state: "loading",
		formMethod: void 0,
		formAction: void 0,
		formEncType: void 0,
		formData: void 0,
		json: void 0,
		text: void 0,
		data: t
	};
}
function fn(e, t) {
	return {
		state: "submitting",
		formMethod: e.formMethod,
		formAction: e.formAction,
		formEncType: e.formEncType,
		formData: e.formData,
		json: e.json,
		text: e.text,
		data: t ? t.data : void 0
	};
}
function pn(e) {
	return {
		state: "idle",
		formMethod: void 0,
		formAction: void 0,
		formEncType: void 0,
		formData: void 0,
		json: void 0,
		text: void 0,
		data: e
	};
}
function mn(e, t) {
	try {
		let n = e.sessionStorage.getItem(Ze);
		if (n) {
			let e = JSON.parse(n);
			for (let [n, r] of Object.entries(e || {})) r && Array.isArray(r) && t.set(n, new Set(r || []));
		}
	} catch {}
}
function hn(e, t) {
	if (t.size > 0) {
		let n = {};
		for (let [e, r] of t) n[e] = [...r];
		try {
			e.sessionStorage.setItem(Ze, JSON.stringify(n));
		} catch (e) {
			p(!1, `Failed to save applied view transitions in sessionStorage (${e}).`);
		}
	}
}
function gn() {
	let e, t, n = new Promise((r, i) => {
		e = async (e) => {
			r(e);
			try {
				await n;
			} catch {}
		}, t = async (e) => {
			i(e);
			try {
				await n;
			} catch {}
		};
	});
	return {
		promise: n,
		resolve: e,
		reject: t
	};
}
var _n = e.createContext(null);
_n.displayName = "DataRouter";
var vn = e.createContext(null);
vn.displayName = "DataRouterState";
var yn = e.createContext(!1);
function bn() {
	return e.useContext(yn);
}
var xn = e.createContext({ isTransitioning: !1 });
xn.displayName = "ViewTransition";
var Sn = e.createContext(/* @__PURE__ */ new Map());
Sn.displayName = "Fetchers";
var Cn = e.createContext(null);
Cn.displayName = "Await";
var Z = e.createContext(null);
Z.displayName = "Navigation";
var wn = e.createContext(null);
wn.displayName = "Location";
var Q = e.createContext({
	outlet: null,
	matches: [],
	isDataRoute: !1
});
Q.displayName = "Route";
var Tn = e.createContext(null);
Tn.displayName = "RouteError";
var En = "REACT_ROUTER_ERROR", Dn = "REDIRECT", On = "ROUTE_ERROR_RESPONSE";
function kn(e) {
	if (e.startsWith(`${En}:${Dn}:{`)) try {
		let t = JSON.parse(e.slice(28));
		if (typeof t == "object" && t && typeof t.status == "number" && typeof t.statusText == "string" && typeof t.location == "string" && typeof t.reloadDocument == "boolean" && typeof t.replace == "boolean") return t;
	} catch {}
}
function An(e) {
	if (e.startsWith(`${En}:${On}:{`)) try {
		let t = JSON.parse(e.slice(40));
		if (typeof t == "object" && t && typeof t.status == "number" && typeof t.statusText == "string") return new Se(t.status, t.statusText, t.data);
	} catch {}
}
function jn(t, { relative: n } = {}) {
	f(Mn(), "useHref() may be used only in the context of a <Router> component.");
	let { basename: r, navigator: i } = e.useContext(Z), { hash: a, pathname: o, search: s } = Bn(t, { relative: n }), c = o;
	return r !== "/" && (c = o === "/" ? r : W([r, o])), i.createHref({
		pathname: c,
		search: s,
		hash: a
	});
}
function Mn() {
	return e.useContext(wn) != null;
}
function $() {
	return f(Mn(), "useLocation() may be used only in the context of a <Router> component."), e.useContext(wn).location;
}
var Nn = "You should call navigate() in a React.useEffect(), not when your component is first rendered.";
function Pn(t) {
	e.useContext(Z).static || e.useLayoutEffect(t);
}
function Fn() {
	let { isDataRoute: t } = e.useContext(Q);
	return t ? nr() : In();
}
function In() {
	f(Mn(), "useNavigate() may be used only in the context of a <Router> component.");
	let t = e.useContext(_n), { basename: n, navigator: r } = e.useContext(Z), { matches: i } = e.useContext(Q), { pathname: a } = $(), o = JSON.stringify(he(i)), s = e.useRef(!1);
	return Pn(() => {
		s.current = !0;
	}), e.useCallback((e, i = {}) => {
		if (p(s.current, Nn), !s.current) return;
		if (typeof e == "number") {
			r.go(e);
			return;
		}
		let c = ge(e, JSON.parse(o), a, i.relative === "path");
		t == null && n !== "/" && (c.pathname = c.pathname === "/" ? n : W([n, c.pathname])), Be(typeof e == "string" ? e : _(e), r.createHref(c), Le(r), "reject"), (i.replace ? r.replace : r.push)(c, i.state, i);
	}, [
		n,
		r,
		o,
		a,
		t
	]);
}
var Ln = e.createContext(null);
function Rn(t) {
	let n = e.useContext(Q).outlet;
	return e.useMemo(() => n && /* @__PURE__ */ e.createElement(Ln.Provider, { value: t }, n), [n, t]);
}
function zn() {
	let { matches: t } = e.useContext(Q);
	return t[t.length - 1]?.params ?? {};
}
function Bn(t, { relative: n } = {}) {
	let { matches: r } = e.useContext(Q), { pathname: i } = $(), a = JSON.stringify(he(r));
	return e.useMemo(() => ge(t, JSON.parse(a), i, n === "path"), [
		t,
		a,
		i,
		n
	]);
}
function Vn(t, n, r) {
	f(Mn(), "useRoutes() may be used only in the context of a <Router> component.");
	let { navigator: i } = e.useContext(Z), { matches: a } = e.useContext(Q), o = a[a.length - 1], s = o ? o.params : {}, c = o ? o.pathname : "/", l = o ? o.pathnameBase : "/", u = o && o.route;
	{
		let e = u && u.path || "";
		ir(c, !u || e.endsWith("*") || e.endsWith("*?"), `You rendered descendant <Routes> (or called \`useRoutes()\`) at "${c}" (under <Route path="${e}">) but the parent route path has no trailing "*". This means if you navigate deeper, the parent won't match anymore and therefore the child routes will never render.

Please change the parent <Route path="${e}"> to <Route path="${e === "/" ? "*" : `${e}/*`}">.`);
	}
	let d = $(), m;
	if (n) {
		let e = typeof n == "string" ? v(n) : n;
		f(l === "/" || e.pathname?.startsWith(l), `When overriding the location using \`<Routes location>\` or \`useRoutes(routes, location)\`, the location pathname must begin with the portion of the URL pathname that was matched by all parent routes. The current pathname base is "${l}" but pathname "${e.pathname}" was given in the \`location\` prop.`), m = e;
	} else m = d;
	let h = m.pathname || "/", g = h;
	if (l !== "/") {
		let e = l.replace(/^\//, "").split("/");
		g = "/" + h.replace(/^\//, "").split("/").slice(e.length).join("/");
	}
	let _ = r && r.state.matches.length ? r.state.matches.map((e) => Object.assign(e, { route: r.manifest[e.route.id] || e.route })) : A(t, { pathname: g });
	p(u || _ != null, `No routes matched location "${m.pathname}${m.search}${m.hash}" `), p(_ == null || _[_.length - 1].route.element !== void 0 || _[_.length - 1].route.Component !== void 0 || _[_.length - 1].route.lazy !== void 0, `Matched leaf route at location "${m.pathname}${m.search}${m.hash}" does not have an element or Component. This means it will render an <Outlet /> with a null value by default resulting in an "empty" page.`);
	let y = Jn(_ && _.map((e) => Object.assign({}, e, {
		params: Object.assign({}, s, e.params),
		pathname: W([l, i.encodeLocation ? i.encodeLocation(e.pathname.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23")).pathname : e.pathname]),
		pathnameBase: e.pathnameBase === "/" ? l : W([l, i.encodeLocation ? i.encodeLocation(e.pathnameBase.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23")).pathname : e.pathnameBase])
	})), a, r);
	return n && y ? /* @__PURE__ */ e.createElement(wn.Provider, { value: {
		location: {
			pathname: "/",
			search: "",
			hash: "",
			state: null,
			key: "default",
			mask: void 0,
			...m
		},
		navigationType: "POP"
	} }, y) : y;
}
function Hn() {
	let t = tr(), n = Ce(t) ? `${t.status} ${t.statusText}` : t instanceof Error ? t.message : JSON.stringify(t), r = t instanceof Error ? t.stack : null, i = "rgba(200,200,200, 0.5)", a = {
		padding: "0.5rem",
		backgroundColor: i
	}, o = {
		padding: "2px 4px",
		backgroundColor: i
	}, s = null;
	return console.error("Error handled by React Router default ErrorBoundary:", t), s = /* @__PURE__ */ e.createElement(e.Fragment, null, /* @__PURE__ */ e.createElement("p", null, "💿 Hey developer 👋"), /* @__PURE__ */ e.createElement("p", null, "You can provide a way better UX than this when your app throws errors by providing your own ", /* @__PURE__ */ e.createElement("code", { style: o }, "ErrorBoundary"), " or", " ", /* @__PURE__ */ e.createElement("code", { style: o }, "errorElement"), " prop on your route.")), /* @__PURE__ */ e.createElement(e.Fragment, null, /* @__PURE__ */ e.createElement("h2", null, "Unexpected Application Error!"), /* @__PURE__ */ e.createElement("h3", { style: { fontStyle: "italic" } }, n), r ? /* @__PURE__ */ e.createElement("pre", { style: a }, r) : null, s);
}
var Un = /* @__PURE__ */ e.createElement(Hn, null), Wn = class extends e.Component {
	constructor(e) {
		super(e), this.state = {
			location: e.location,
			revalidation: e.revalidation,
			error: e.error
		};
	}
	static getDerivedStateFromError(e) {
		return { error: e };
	}
	static getDerivedStateFromProps(e, t) {
		return t.location !== e.location || t.revalidation !== "idle" && e.revalidation === "idle" ? {
			error: e.error,
			location: e.location,
			revalidation: e.revalidation
		} : {
			error: e.error === void 0 ? t.error : e.error,
			location: t.location,
			revalidation: e.revalidation || t.revalidation
		};
	}
	componentDidCatch(e, t) {
		this.props.onError ? this.props.onError(e, t) : console.error("React Router caught the following error during render", e);
	}
	render() {
		let t = this.state.error;
		if (this.context && typeof t == "object" && t && "digest" in t && typeof t.digest == "string") {
			let e = An(t.digest);
			e && (t = e);
		}
		let n = t === void 0 ? this.props.children : /* @__PURE__ */ e.createElement(Q.Provider, { value: this.props.routeContext }, /* @__PURE__ */ e.createElement(Tn.Provider, {
			value: t,
			children: this.props.component
		}));
		return this.context ? /* @__PURE__ */ e.createElement(Kn, { error: t }, n) : n;
	}
};
Wn.contextType = yn;
var Gn = /* @__PURE__ */ new WeakMap();
function Kn({ children: t, error: n }) {
	let { basename: r, navigator: i } = e.useContext(Z);
	if (typeof n == "object" && n && "digest" in n && typeof n.digest == "string") {
		let t = kn(n.digest);
		if (t) {
			let a = Gn.get(n);
			if (a) throw a;
			let o = Ee(t.location, r), s = o.absoluteURL || o.to;
			if (Be(t.location, s, Le(i), "allow-explicit"), Pt(s)) throw Error("Invalid redirect location");
			if (Te && !Gn.get(n)) {
				if (o.isExternal || t.reloadDocument) window.location.href = s;
				else {
					let e = Promise.resolve().then(() => window.__reactRouterDataRouter.navigate(o.to, { replace: t.replace }));
					throw Gn.set(n, e), e;
				}
			}
			return /* @__PURE__ */ e.createElement("meta", {
				httpEquiv: "refresh",
				content: `0;url=${s}`
			});
		}
	}
	return t;
}
function qn({ routeContext: t, match: n, children: r }) {
	let i = e.useContext(_n);
	return i && i.static && i.staticContext && (n.route.errorElement || n.route.ErrorBoundary) && (i.staticContext._deepestRenderedBoundaryId = n.route.id), /* @__PURE__ */ e.createElement(Q.Provider, { value: t }, r);
}
function Jn(t, n = [], r) {
	let i = r?.state;
	if (t == null) {
		if (!i) return null;
		if (i.errors) t = i.matches;
		else if (n.length === 0 && !i.initialized && i.matches.length > 0) t = i.matches;
		else return null;
	}
	let a = t, o = i?.errors;
	if (o != null) {
		let e = a.findIndex((e) => e.route.id && o?.[e.route.id] !== void 0);
		f(e >= 0, `Could not find a matching route for errors on route IDs: ${Object.keys(o).join(",")}`), a = a.slice(0, Math.min(a.length, e + 1));
	}
	let s = !1, c = -1;
	if (r && i) {
		s = i.renderFallback;
		for (let e = 0; e < a.length; e++) {
			let t = a[e];
			if ((t.route.HydrateFallback || t.route.hydrateFallbackElement) && (c = e), t.route.id) {
				let { loaderData: e, errors: n } = i, o = t.route.loader && !e.hasOwnProperty(t.route.id) && (!n || n[t.route.id] === void 0);
				if (t.route.lazy || o) {
					r.isStatic && (s = !0), a = c >= 0 ? a.slice(0, c + 1) : [a[0]];
					break;
				}
			}
		}
	}
	let l = r?.onError, u = i && l ? (e, t) => {
		l(e, {
			location: i.location,
			params: i.matches?.[0]?.params ?? {},
			pattern: we(i.matches),
			errorInfo: t
		});
	} : void 0;
	return a.reduceRight((t, r, l) => {
		let d, f = !1, p = null, m = null;
		i && (d = o && r.route.id ? o[r.route.id] : void 0, p = r.route.errorElement || Un, s && (c < 0 && l === 0 ? (ir("route-fallback", !1, "No `HydrateFallback` element provided to render during initial hydration"), f = !0, m = null) : c === l && (f = !0, m = r.route.hydrateFallbackElement || null)));
		let h = n.concat(a.slice(0, l + 1)), g = () => {
			let n;
			return n = d ? p : f ? m : r.route.Component ? /* @__PURE__ */ e.createElement(r.route.Component, null) : r.route.element ? r.route.element : t, /* @__PURE__ */ e.createElement(qn, {
				match: r,
				routeContext: {
					outlet: t,
					matches: h,
					isDataRoute: i != null
				},
				children: n
			});
		};
		return i && (r.route.ErrorBoundary || r.route.errorElement || l === 0) ? /* @__PURE__ */ e.createElement(Wn, {
			location: i.location,
			revalidation: i.revalidation,
			component: p,
			error: d,
			children: g(),
			routeContext: {
				outlet: null,
				matches: h,
				isDataRoute: !0
			},
			onError: u
		}) : g();
	}, null);
}
function Yn(e) {
	return `${e} must be used within a data router.  See https://reactrouter.com/en/main/routers/picking-a-router.`;
}
function Xn(t) {
	let n = e.useContext(_n);
	return f(n, Yn(t)), n;
}
function Zn(t) {
	let n = e.useContext(vn);
	return f(n, Yn(t)), n;
}
function Qn(t) {
	let n = e.useContext(Q);
	return f(n, Yn(t)), n;
}
function $n(e) {
	let t = Qn(e), n = t.matches[t.matches.length - 1];
	return f(n.route.id, `${e} can only be used on routes that contain a unique "id"`), n.route.id;
}
function er() {
	return $n("useRouteId");
}
function tr() {
	let t = e.useContext(Tn), n = Zn("useRouteError"), r = $n("useRouteError");
	return t === void 0 ? n.errors?.[r] : t;
}
function nr() {
	let { router: t } = Xn("useNavigate"), n = $n("useNavigate"), r = e.useRef(!1);
	return Pn(() => {
		r.current = !0;
	}), e.useCallback(async (e, i = {}) => {
		p(r.current, Nn), r.current && (typeof e == "number" ? await t.navigate(e) : await t.navigate(e, {
			fromRouteId: n,
			...i
		}));
	}, [t, n]);
}
var rr = {};
function ir(e, t, n) {
	!t && !rr[e] && (rr[e] = !0, p(!1, n));
}
var ar = {};
function or(e, t) {
	!e && !ar[t] && (ar[t] = !0, console.warn(t));
}
var sr = e.useOptimistic, cr = () => void 0;
function lr(e) {
	return sr ? sr(e) : [e, cr];
}
function ur(t) {
	let n = { hasErrorBoundary: t.hasErrorBoundary || t.ErrorBoundary != null || t.errorElement != null };
	return t.Component && (t.element && p(!1, "You should not include both `Component` and `element` on your route - `Component` will be used."), Object.assign(n, {
		element: e.createElement(t.Component),
		Component: void 0
	})), t.HydrateFallback && (t.hydrateFallbackElement && p(!1, "You should not include both `HydrateFallback` and `hydrateFallbackElement` on your route - `HydrateFallback` will be used."), Object.assign(n, {
		hydrateFallbackElement: e.createElement(t.HydrateFallback),
		HydrateFallback: void 0
	})), t.ErrorBoundary && (t.errorElement && p(!1, "You should not include both `ErrorBoundary` and `errorElement` on your route - `ErrorBoundary` will be used."), Object.assign(n, {
		errorElement: e.createElement(t.ErrorBoundary),
		ErrorBoundary: void 0
	})), n;
}
var dr = ["HydrateFallback", "hydrateFallbackElement"], fr = class {
	constructor() {
		this.status = "pending", this.promise = new Promise((e, t) => {
			this.resolve = (t) => {
				this.status === "pending" && (this.status = "resolved", e(t));
			}, this.reject = (e) => {
				this.status === "pending" && (this.status = "rejected", t(e));
			};
		});
	}
};
function pr({ router: t, flushSync: n, onError: r, useTransitions: i }) {
	i = bn() || i;
	let [a, o] = e.useState(t.state), [s, c] = lr(a), [l, u] = e.useState(), [d, f] = e.useState({ isTransitioning: !1 }), [p, m] = e.useState(), [h, g] = e.useState(), [_, v] = e.useState(), y = e.useRef(/* @__PURE__ */ new Map()), b = e.useCallback((a, { deletedFetchers: s, newErrors: l, flushSync: d, viewTransitionOpts: _ }) => {
		l && r && Object.values(l).forEach((e) => r(e, {
			location: a.location,
			params: a.matches[0]?.params ?? {},
			pattern: we(a.matches)
		})), a.fetchers.forEach((e, t) => {
			e.data !== void 0 && y.current.set(t, e.data);
		}), s.forEach((e) => y.current.delete(e)), or(d === !1 || n != null, "You provided the `flushSync` option to a router update, but you are not using the `<RouterProvider>` from `react-router/dom` so `ReactDOM.flushSync()` is unavailable.  Please update your app to `import { RouterProvider } from \"react-router/dom\"` and ensure you have `react-dom` installed as a dependency to use the `flushSync` option.");
		let b = t.window != null && t.window.document != null && typeof t.window.document.startViewTransition == "function";
		if (or(_ == null || b, "You provided the `viewTransition` option to a router update, but you do not appear to be running in a DOM environment as `window.startViewTransition` is not available."), !_ || !b) n && d ? n(() => o(a)) : i === !1 ? o(a) : e.startTransition(() => {
			i === !0 && c((e) => mr(e, a)), o(a);
		});
		else if (n && d) {
			n(() => {
				h && (p?.resolve(), h.skipTransition()), f({
					isTransitioning: !0,
					flushSync: !0,
					currentLocation: _.currentLocation,
					nextLocation: _.nextLocation
				});
			});
			let e = t.window.document.startViewTransition(() => {
				n(() => o(a));
			});
			e.finished.finally(() => {
				n(() => {
					m(void 0), g(void 0), u(void 0), f({ isTransitioning: !1 });
				});
			}), n(() => g(e));
		} else h ? (p?.resolve(), h.skipTransition(), v({
			state: a,
			currentLocation: _.currentLocation,
			nextLocation: _.nextLocation
		})) : (u(a), f({
			isTransitioning: !0,
			flushSync: !1,
			currentLocation: _.currentLocation,
			nextLocation: _.nextLocation
		}));
	}, [
		t.window,
		n,
		h,
		p,
		i,
		c,
		r
	]);
	e.useLayoutEffect(() => t.subscribe(b), [t, b]), e.useEffect(() => {
		d.isTransitioning && !d.flushSync && m(new fr());
	}, [d]), e.useEffect(() => {
		if (p && l && t.window) {
			let n = l, r = p.promise, a = t.window.document.startViewTransition(async () => {
				i === !1 ? o(n) : e.startTransition(() => {
					i === !0 && c((e) => mr(e, n)), o(n);
				}), await r;
			});
			a.finished.finally(() => {
				m(void 0), g(void 0), u(void 0), f({ isTransitioning: !1 });
			}), g(a);
		}
	}, [
		l,
		p,
		t.window,
		i,
		c
	]), e.useEffect(() => {
		p && l && s.location.key === l.location.key && p.resolve();
	}, [
		p,
		h,
		s.location,
		l
	]), e.useEffect(() => {
		!d.isTransitioning && _ && (u(_.state), f({
			isTransitioning: !0,
			flushSync: !1,
			currentLocation: _.currentLocation,
			nextLocation: _.nextLocation
		}), v(void 0));
	}, [d.isTransitioning, _]);
	let x = e.useMemo(() => ({
		createHref: t.createHref,
		createURL: t.createURL,
		encodeLocation: t.encodeLocation,
		go: (e) => t.navigate(e),
		push: (e, n, r) => t.navigate(e, {
			state: n,
			preventScrollReset: r?.preventScrollReset
		}),
		replace: (e, n, r) => t.navigate(e, {
			replace: !0,
			state: n,
			preventScrollReset: r?.preventScrollReset
		})
	}), [t]), S = t.basename || "/", C = e.useMemo(() => ({
		router: t,
		navigator: x,
		static: !1,
		basename: S,
		onError: r
	}), [
		t,
		x,
		S,
		r
	]);
	return /* @__PURE__ */ e.createElement(e.Fragment, null, /* @__PURE__ */ e.createElement(_n.Provider, { value: C }, /* @__PURE__ */ e.createElement(vn.Provider, { value: s }, /* @__PURE__ */ e.createElement(Sn.Provider, { value: y.current }, /* @__PURE__ */ e.createElement(xn.Provider, { value: d }, /* @__PURE__ */ e.createElement(yr, {
		basename: S,
		location: s.location,
		navigationType: s.historyAction,
		navigator: x,
		useTransitions: i
	}, /* @__PURE__ */ e.createElement(hr, {
		routes: t.routes,
		manifest: t.manifest,
		future: t.future,
		state: s,
		isStatic: !1,
		onError: r
	})))))), null);
}
function mr(e, t) {
	return {
		...e,
		navigation: t.navigation.state === "idle" ? e.navigation : t.navigation,
		revalidation: t.revalidation === "idle" ? e.revalidation : t.revalidation,
		actionData: t.navigation.state === "submitting" ? e.actionData : t.actionData,
		fetchers: t.fetchers
	};
}
var hr = e.memo(gr);
function gr({ routes: e, manifest: t, future: n, state: r, isStatic: i, onError: a }) {
	return Vn(e, void 0, {
		manifest: t,
		state: r,
		isStatic: i,
		onError: a,
		future: n
	});
}
function _r({ to: t, replace: n, state: r, relative: i }) {
	f(Mn(), "<Navigate> may be used only in the context of a <Router> component.");
	let { static: a, navigator: o } = e.useContext(Z);
	p(!a, "<Navigate> must not be used on the initial render in a <StaticRouter>. This is a no-op, but you should modify your code so the <Navigate> is only ever rendered in response to some user interaction or state change.");
	let { matches: s } = e.useContext(Q), { pathname: c } = $(), l = Fn(), u = ge(t, he(s), c, i === "path");
	Be(typeof t == "string" ? t : _(t), o.createHref(u), Le(o), "reject");
	let d = JSON.stringify(u);
	return e.useEffect(() => {
		l(JSON.parse(d), {
			replace: n,
			state: r,
			relative: i
		});
	}, [
		l,
		d,
		i,
		n,
		r
	]), null;
}
function vr(e) {
	return Rn(e.context);
}
function yr({ basename: t = "/", children: n = null, location: r, navigationType: i = "POP", navigator: a, static: o = !1, useTransitions: s }) {
	f(!Mn(), "You cannot render a <Router> inside another <Router>. You should never have more than one in your app.");
	let c = t.replace(/^\/*/, "/"), l = e.useMemo(() => ({
		basename: c,
		navigator: a,
		static: o,
		useTransitions: s,
		future: {}
	}), [
		c,
		a,
		o,
		s
	]);
	typeof r == "string" && (r = v(r));
	let { pathname: u = "/", search: d = "", hash: m = "", state: h = null, key: g = "default", mask: _ } = r, y = e.useMemo(() => {
		let e = H(u, c);
		return e == null ? null : {
			location: {
				pathname: e,
				search: d,
				hash: m,
				state: h,
				key: g,
				mask: _
			},
			navigationType: i
		};
	}, [
		c,
		u,
		d,
		m,
		h,
		g,
		i,
		_
	]);
	return p(y != null, `<Router basename="${c}"> is not able to match the URL "${u}${d}${m}" because it does not start with the basename, so the <Router> won't render anything.`), y == null ? null : /* @__PURE__ */ e.createElement(Z.Provider, { value: l }, /* @__PURE__ */ e.createElement(wn.Provider, {
		children: n,
		value: y
	}));
}
e.Component;
var br = "get", xr = "application/x-www-form-urlencoded";
function Sr(e) {
	return typeof HTMLElement < "u" && e instanceof HTMLElement;
}
function Cr(e) {
	return Sr(e) && e.tagName.toLowerCase() === "button";
}
function wr(e) {
	return Sr(e) && e.tagName.toLowerCase() === "form";
}
function Tr(e) {
	return Sr(e) && e.tagName.toLowerCase() === "input";
}
function Er(e) {
	return !!(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);
}
function Dr(e, t) {
	return e.button === 0 && (!t || t === "_self") && !Er(e);
}
function Or(e = "") {
	return new URLSearchParams(typeof e == "string" || Array.isArray(e) || e instanceof URLSearchParams ? e : Object.keys(e).reduce((t, n) => {
		let r = e[n];
		return t.concat(Array.isArray(r) ? r.map((e) => [n, e]) : [[n, r]]);
	}, []));
}
function kr(e, t) {
	let n = Or(e);
	return t && t.forEach((e, r) => {
		n.has(r) || t.getAll(r).forEach((e) => {
			n.append(r, e);
		});
	}), n;
}
var Ar = null;
function jr() {
	if (Ar === null) try {
		new FormData(document.createElement("form"), 0), Ar = !1;
	} catch {
		Ar = !0;
	}
	return Ar;
}
var Mr = /* @__PURE__ */ new Set([
	"application/x-www-form-urlencoded",
	"multipart/form-data",
	"text/plain"
]);
function Nr(e) {
	return e != null && !Mr.has(e) ? (p(!1, `"${e}" is not a valid \`encType\` for \`<Form>\`/\`<fetcher.Form>\` and will default to "${xr}"`), null) : e;
}
function Pr(e, t) {
	let n, r, i, a, o;
	if (wr(e)) {
		let o = e.getAttribute("action");
		r = o ? H(o, t) : null, n = e.getAttribute("method") || br, i = Nr(e.getAttribute("enctype")) || xr, a = new FormData(e);
	} else if (Cr(e) || Tr(e) && (e.type === "submit" || e.type === "image")) {
		let o = e.form;
		if (o == null) throw Error("Cannot submit a <button> or <input type=\"submit\"> without a <form>");
		let s = e.getAttribute("formaction") || o.getAttribute("action");
		if (r = s ? H(s, t) : null, n = e.getAttribute("formmethod") || o.getAttribute("method") || br, i = Nr(e.getAttribute("formenctype")) || Nr(o.getAttribute("enctype")) || xr, a = new FormData(o, e), !jr()) {
			let { name: t, type: n, value: r } = e;
			if (n === "image") {
				let e = t ? `${t}.` : "";
				a.append(`${e}x`, "0"), a.append(`${e}y`, "0");
			} else t && a.append(t, r);
		}
	} else if (Sr(e)) throw Error("Cannot submit element that is not <form>, <button>, or <input type=\"submit|image\">");
	else n = br, r = null, i = xr, o = e;
	return a && i === "text/plain" && (o = a, a = void 0), {
		action: r,
		method: n.toLowerCase(),
		encType: i,
		formData: a,
		body: o
	};
}
Object.getOwnPropertyNames(Object.prototype).sort().join("\0");
function Fr(e, t) {
	if (e === !1 || e == null) throw Error(t);
}
function Ir(e, t, n, r) {
	let i = typeof e == "string" ? new URL(e, typeof window > "u" ? "server://singlefetch/" : window.location.origin) : e;
	return i.pathname = n ? i.pathname.endsWith("/") ? `${i.pathname}_.${r}` : `${i.pathname}.${r}` : i.pathname === "/" ? `_root.${r}` : t && H(i.pathname, t) === "/" ? `${G(t)}/_root.${r}` : `${G(i.pathname)}.${r}`, i;
}
async function Lr(e, t) {
	if (e.id in t) return t[e.id];
	try {
		let n = await import(
			/* @vite-ignore */
			/* webpackIgnore: true */
			e.module
);
		return t[e.id] = n, n;
	} catch (t) {
		return console.error(`Error loading route module \`${e.module}\`, reloading page...`), console.error(t), window.__reactRouterContext && window.__reactRouterContext.isSpaMode, window.location.reload(), new Promise(() => {});
	}
}
function Rr(e) {
	return e != null && typeof e.page == "string";
}
function zr(e) {
	return e == null ? !1 : e.href == null ? e.rel === "preload" && typeof e.imageSrcSet == "string" && typeof e.imageSizes == "string" : typeof e.rel == "string" && typeof e.href == "string";
}
async function Br(e, t, n) {
	return Gr((await Promise.all(e.map(async (e) => {
		let r = t.routes[e.route.id];
		if (r) {
			let e = await Lr(r, n);
			return e.links ? e.links() : [];
		}
		return [];
	}))).flat(1).filter(zr).filter((e) => e.rel === "stylesheet" || e.rel === "preload").map((e) => e.rel === "stylesheet" ? {
		...e,
		rel: "prefetch",
		as: "style"
	} : {
		...e,
		rel: "prefetch"
	}));
}
function Vr(e, t, n, r, i, a) {
	let o = (e, t) => !n[t] || e.route.id !== n[t].route.id, s = (e, t) => n[t].pathname !== e.pathname || n[t].route.path?.endsWith("*") && n[t].params["*"] !== e.params["*"];
	return a === "assets" ? t.filter((e, t) => o(e, t) || s(e, t)) : a === "data" ? t.filter((t, a) => {
		let c = r.routes[t.route.id];
		if (!c || !c.hasLoader) return !1;
		if (o(t, a) || s(t, a)) return !0;
		if (t.route.shouldRevalidate) {
			let r = t.route.shouldRevalidate({
				currentUrl: new URL(i.pathname + i.search + i.hash, window.origin),
				currentParams: n[0]?.params || {},
				nextUrl: new URL(e, window.origin),
				nextParams: t.params,
				defaultShouldRevalidate: !0
			});
			if (typeof r == "boolean") return r;
		}
		return !0;
	}) : [];
}
function Hr(e, t, { includeHydrateFallback: n } = {}) {
	return Ur(e.map((e) => {
		let r = t.routes[e.route.id];
		if (!r) return [];
		let i = [r.module];
		return r.clientActionModule && (i = i.concat(r.clientActionModule)), r.clientLoaderModule && (i = i.concat(r.clientLoaderModule)), n && r.hydrateFallbackModule && (i = i.concat(r.hydrateFallbackModule)), r.imports && (i = i.concat(r.imports)), i;
	}).flat(1));
}
function Ur(e) {
	return [...new Set(e)];
}
function Wr(e) {
	let t = {}, n = Object.keys(e).sort();
	for (let r of n) t[r] = e[r];
	return t;
}
function Gr(e, t) {
	let n = /* @__PURE__ */ new Set(), r = new Set(t);
	return e.reduce((e, i) => {
		if (t && !Rr(i) && i.as === "script" && i.href && r.has(i.href)) return e;
		let a = JSON.stringify(Wr(i));
		return n.has(a) || (n.add(a), e.push({
			key: a,
			link: i
		})), e;
	}, []);
}
function Kr() {
	let t = e.useContext(_n);
	return Fr(t, "You must render this element inside a <DataRouterContext.Provider> element"), t;
}
function qr() {
	let t = e.useContext(vn);
	return Fr(t, "You must render this element inside a <DataRouterStateContext.Provider> element"), t;
}
var Jr = e.createContext(void 0);
Jr.displayName = "FrameworkContext";
function Yr() {
	let t = e.useContext(Jr);
	return Fr(t, "You must render this element inside a <HydratedRouter> element"), t;
}
function Xr(t, n) {
	let r = e.useContext(Jr), [i, a] = e.useState(!1), [o, s] = e.useState(!1), { onFocus: c, onBlur: l, onMouseEnter: u, onMouseLeave: d, onTouchStart: f } = n, p = e.useRef(null);
	e.useEffect(() => {
		if (t === "render" && s(!0), t === "viewport") {
			let e = new IntersectionObserver((e) => {
				e.forEach((e) => {
					s(e.isIntersecting);
				});
			}, { threshold: .5 });
			return p.current && e.observe(p.current), () => {
				e.disconnect();
			};
		}
	}, [t]), e.useEffect(() => {
		if (i) {
			let e = setTimeout(() => {
				s(!0);
			}, 100);
			return () => {
				clearTimeout(e);
			};
		}
	}, [i]);
	let m = () => {
		a(!0);
	}, h = () => {
		a(!1), s(!1);
	};
	return r ? t === "intent" ? [
		o,
		p,
		{
			onFocus: Zr(c, m),
			onBlur: Zr(l, h),
			onMouseEnter: Zr(u, m),
			onMouseLeave: Zr(d, h),
			onTouchStart: Zr(f, m)
		}
	] : [
		o,
		p,
		{}
	] : [
		!1,
		p,
		{}
	];
}
function Zr(e, t) {
	return (n) => {
		e && e(n), n.defaultPrevented || t(n);
	};
}
function Qr({ page: t, ...n }) {
	let r = bn(), { nonce: i } = Yr(), { router: a } = Kr(), o = e.useMemo(() => A(a.routes, t, a.basename), [
		a.routes,
		t,
		a.basename
	]);
	return o ? (n.nonce == null && i && (n = {
		...n,
		nonce: i
	}), r ? /* @__PURE__ */ e.createElement(ei, {
		page: t,
		matches: o,
		...n
	}) : /* @__PURE__ */ e.createElement(ti, {
		page: t,
		matches: o,
		...n
	})) : null;
}
function $r(t) {
	let { manifest: n, routeModules: r } = Yr(), [i, a] = e.useState([]);
	return e.useEffect(() => {
		let e = !1;
		return Br(t, n, r).then((t) => {
			e || a(t);
		}), () => {
			e = !0;
		};
	}, [
		t,
		n,
		r
	]), i;
}
function ei({ page: t, matches: n, ...r }) {
	let i = $(), { future: a } = Yr(), { basename: o } = Kr(), s = e.useMemo(() => {
		if (t === i.pathname + i.search + i.hash) return [];
		let e = Ir(t, o, a.v8_trailingSlashAwareDataRequests, "rsc"), r = !1, s = [];
		for (let e of n) typeof e.route.shouldRevalidate == "function" ? r = !0 : s.push(e.route.id);
		return r && s.length > 0 && e.searchParams.set("_routes", s.join(",")), [e.pathname + e.search];
	}, [
		o,
		a.v8_trailingSlashAwareDataRequests,
		t,
		i,
		n
	]);
	return /* @__PURE__ */ e.createElement(e.Fragment, null, s.map((t) => /* @__PURE__ */ e.createElement("link", {
		key: t,
		rel: "prefetch",
		as: "fetch",
		href: t,
		...r
	})));
}
function ti({ page: t, matches: n, ...r }) {
	let i = $(), { future: a, manifest: o, routeModules: s } = Yr(), { basename: c } = Kr(), { loaderData: l, matches: u } = qr(), d = e.useMemo(() => Vr(t, n, u, o, i, "data"), [
		t,
		n,
		u,
		o,
		i
	]), f = e.useMemo(() => Vr(t, n, u, o, i, "assets"), [
		t,
		n,
		u,
		o,
		i
	]), p = e.useMemo(() => {
		if (t === i.pathname + i.search + i.hash) return [];
		let e = /* @__PURE__ */ new Set(), r = !1;
		if (n.forEach((t) => {
			let n = o.routes[t.route.id];
			n && n.hasLoader && (!d.some((e) => e.route.id === t.route.id) && t.route.id in l && s[t.route.id]?.shouldRevalidate || n.hasClientLoader ? r = !0 : e.add(t.route.id));
		}), e.size === 0) return [];
		let u = Ir(t, c, a.v8_trailingSlashAwareDataRequests, "data");
		return r && e.size > 0 && u.searchParams.set("_routes", n.filter((t) => e.has(t.route.id)).map((e) => e.route.id).join(",")), [u.pathname + u.search];
	}, [
		c,
		a.v8_trailingSlashAwareDataRequests,
		l,
		i,
		o,
		d,
		n,
		t,
		s
	]), m = e.useMemo(() => Hr(f, o), [f, o]), h = $r(f);
	return /* @__PURE__ */ e.createElement(e.Fragment, null, p.map((t) => /* @__PURE__ */ e.createElement("link", {
		key: t,
		rel: "prefetch",
		as: "fetch",
		href: t,
		...r
	})), m.map((t) => /* @__PURE__ */ e.createElement("link", {
		key: t,
		rel: "modulepreload",
		href: t,
		...r
	})), h.map(({ key: t, link: n }) => /* @__PURE__ */ e.createElement("link", {
		key: t,
		nonce: r.nonce,
		...n,
		crossOrigin: n.crossOrigin ?? r.crossOrigin
	})));
}
function ni(...e) {
	return (t) => {
		e.forEach((e) => {
			typeof e == "function" ? e(t) : e != null && (e.current = t);
		});
	};
}
e.Component;
var ri = typeof window < "u" && window.document !== void 0 && window.document.createElement !== void 0;
try {
	ri && (window.__reactRouterVersion = "7.18.5");
} catch {}
function ii(e, t) {
	return it({
		basename: t?.basename,
		getContext: t?.getContext,
		future: t?.future,
		history: d({ window: t?.window }),
		hydrationData: t?.hydrationData || ai(),
		routes: e,
		mapRouteProperties: ur,
		hydrationRouteProperties: dr,
		dataStrategy: t?.dataStrategy,
		patchRoutesOnNavigation: t?.patchRoutesOnNavigation,
		window: t?.window,
		instrumentations: t?.instrumentations
	}).initialize();
}
function ai() {
	let e = window?.__staticRouterHydrationData;
	return e && e.errors && (e = {
		...e,
		errors: oi(e.errors)
	}), e;
}
function oi(e) {
	if (!e) return null;
	let t = Object.entries(e), n = {};
	for (let [e, r] of t) if (r && r.__type === "RouteErrorResponse") n[e] = new Se(r.status, r.statusText, r.data, r.internal === !0);
	else if (r && r.__type === "Error") {
		if (typeof r.__subType == "string" && xe.includes(r.__subType)) {
			let t = window[r.__subType];
			if (typeof t == "function") try {
				let i = new t(r.message);
				i.stack = "", n[e] = i;
			} catch {}
		}
		if (n[e] == null) {
			let t = Error(r.message);
			t.stack = "", n[e] = t;
		}
	} else n[e] = r;
	return n;
}
var si = e.forwardRef(function({ onClick: t, discover: n = "render", prefetch: r = "none", relative: i, reloadDocument: a, replace: s, mask: c, state: l, target: u, to: d, preventScrollReset: f, viewTransition: p, defaultShouldRevalidate: m, ...h }, g) {
	let { basename: _, navigator: v, useTransitions: y } = e.useContext(Z), b = typeof d == "string" && o.test(d), x = Ee(d, _);
	d = x.to;
	let S = jn(d, { relative: i }), C = $(), w = null;
	if (c) {
		let e = ge(c, [], C.mask ? C.mask.pathname : "/", !0);
		_ !== "/" && (e.pathname = e.pathname === "/" ? _ : W([_, e.pathname])), w = v.createHref(e);
	}
	let [T, E, D] = Xr(r, h), O = fi(d, {
		replace: s,
		mask: c,
		state: l,
		target: u,
		preventScrollReset: f,
		relative: i,
		viewTransition: p,
		defaultShouldRevalidate: m,
		useTransitions: y
	});
	function k(e) {
		t && t(e), e.defaultPrevented || O(e);
	}
	let A = !(x.isExternal || a), j = /* @__PURE__ */ e.createElement("a", {
		...h,
		...D,
		href: (A ? w : void 0) || x.absoluteURL || S,
		onClick: A ? k : t,
		ref: ni(g, E),
		target: u,
		"data-discover": !b && n === "render" ? "true" : void 0
	});
	return T && !b ? /* @__PURE__ */ e.createElement(e.Fragment, null, j, /* @__PURE__ */ e.createElement(Qr, { page: S })) : j;
});
si.displayName = "Link";
var ci = e.forwardRef(function({ "aria-current": t = "page", caseSensitive: n = !1, className: r = "", end: i = !1, style: a, to: o, viewTransition: s, children: c, ...l }, u) {
	let d = Bn(o, { relative: l.relative }), f = $(), p = e.useContext(vn), { navigator: m, basename: h } = e.useContext(Z), g = p != null && vi(d) && s === !0, _ = m.encodeLocation ? m.encodeLocation(d).pathname : d.pathname, v = f.pathname, y = p && p.navigation && p.navigation.location ? p.navigation.location.pathname : null;
	n || (v = v.toLowerCase(), y = y ? y.toLowerCase() : null, _ = _.toLowerCase()), y && h && (y = H(y, h) || y);
	let b = _ !== "/" && _.endsWith("/") ? _.length - 1 : _.length, x = v === _ || !i && v.startsWith(_) && v.charAt(b) === "/", S = y != null && (y === _ || !i && y.startsWith(_) && y.charAt(_.length) === "/"), C = {
		isActive: x,
		isPending: S,
		isTransitioning: g
	}, w = x ? t : void 0, T;
	T = typeof r == "function" ? r(C) : [
		r,
		x ? "active" : null,
		S ? "pending" : null,
		g ? "transitioning" : null
	].filter(Boolean).join(" ");
	let E = typeof a == "function" ? a(C) : a;
	return /* @__PURE__ */ e.createElement(si, {
		...l,
		"aria-current": w,
		className: T,
		ref: u,
		style: E,
		to: o,
		viewTransition: s
	}, typeof c == "function" ? c(C) : c);
});
ci.displayName = "NavLink";
var li = e.forwardRef(({ discover: t = "render", fetcherKey: n, navigate: r, reloadDocument: i, replace: a, state: s, method: c = br, action: l, onSubmit: u, relative: d, preventScrollReset: f, viewTransition: p, defaultShouldRevalidate: m, ...h }, g) => {
	let { useTransitions: _ } = e.useContext(Z), v = gi(), y = _i(l, { relative: d }), b = c.toLowerCase() === "get" ? "get" : "post", x = typeof l == "string" && o.test(l);
	return /* @__PURE__ */ e.createElement("form", {
		ref: g,
		method: b,
		action: y,
		onSubmit: i ? u : (t) => {
			if (u && u(t), t.defaultPrevented) return;
			t.preventDefault();
			let i = t.nativeEvent.submitter, o = i?.getAttribute("formmethod") || c, l = () => v(i || t.currentTarget, {
				fetcherKey: n,
				method: o,
				navigate: r,
				replace: a,
				state: s,
				relative: d,
				preventScrollReset: f,
				viewTransition: p,
				defaultShouldRevalidate: m
			});
			_ && r !== !1 ? e.startTransition(() => l()) : l();
		},
		...h,
		"data-discover": !x && t === "render" ? "true" : void 0
	});
});
li.displayName = "Form";
function ui(e) {
	return `${e} must be used within a data router.  See https://reactrouter.com/en/main/routers/picking-a-router.`;
}
function di(t) {
	let n = e.useContext(_n);
	return f(n, ui(t)), n;
}
function fi(t, { target: n, replace: r, mask: i, state: a, preventScrollReset: o, relative: s, viewTransition: c, defaultShouldRevalidate: l, useTransitions: u } = {}) {
	let d = Fn(), f = $(), p = Bn(t, { relative: s });
	return e.useCallback((m) => {
		if (Dr(m, n)) {
			m.preventDefault();
			let n = r === void 0 ? _(f) === _(p) : r, h = () => d(t, {
				replace: n,
				mask: i,
				state: a,
				preventScrollReset: o,
				relative: s,
				viewTransition: c,
				defaultShouldRevalidate: l
			});
			u ? e.startTransition(() => h()) : h();
		}
	}, [
		f,
		d,
		p,
		r,
		i,
		a,
		n,
		t,
		o,
		s,
		c,
		l,
		u
	]);
}
function pi(t) {
	p(typeof URLSearchParams < "u", "You cannot use the `useSearchParams` hook in a browser that does not support the URLSearchParams API. If you need to support Internet Explorer 11, we recommend you load a polyfill such as https://github.com/ungap/url-search-params.");
	let n = e.useRef(Or(t)), r = e.useRef(!1), i = $(), a = e.useMemo(() => kr(i.search, r.current ? null : n.current), [i.search]), o = Fn();
	return [a, e.useCallback((e, t) => {
		let n = Or(typeof e == "function" ? e(new URLSearchParams(a)) : e);
		r.current = !0, o("?" + n, t);
	}, [o, a])];
}
var mi = 0, hi = () => `__${String(++mi)}__`;
function gi() {
	let { router: t } = di("useSubmit"), { basename: n } = e.useContext(Z), r = er(), i = t.fetch, a = t.navigate;
	return e.useCallback(async (e, t = {}) => {
		let { action: o, method: s, encType: c, formData: l, body: u } = Pr(e, n);
		if (t.navigate === !1) {
			let e = t.fetcherKey || hi();
			await i(e, r, t.action || o, {
				defaultShouldRevalidate: t.defaultShouldRevalidate,
				preventScrollReset: t.preventScrollReset,
				formData: l,
				body: u,
				formMethod: t.method || s,
				formEncType: t.encType || c,
				flushSync: t.flushSync
			});
		} else await a(t.action || o, {
			defaultShouldRevalidate: t.defaultShouldRevalidate,
			preventScrollReset: t.preventScrollReset,
			formData: l,
			body: u,
			formMethod: t.method || s,
			formEncType: t.encType || c,
			replace: t.replace,
			state: t.state,
			fromRouteId: r,
			flushSync: t.flushSync,
			viewTransition: t.viewTransition
		});
	}, [
		i,
		a,
		n,
		r
	]);
}
function _i(t, { relative: n } = {}) {
	let { basename: r } = e.useContext(Z), i = e.useContext(Q);
	f(i, "useFormAction must be used inside a RouteContext");
	let [a] = i.matches.slice(-1), o = { ...Bn(t || ".", { relative: n }) }, s = $();
	if (t == null) {
		o.search = s.search;
		let e = new URLSearchParams(o.search), t = e.getAll("index");
		if (t.some((e) => e === "")) {
			e.delete("index"), t.filter((e) => e).forEach((t) => e.append("index", t));
			let n = e.toString();
			o.search = n ? `?${n}` : "";
		}
	}
	return (!t || t === ".") && a.route.index && (o.search = o.search ? o.search.replace(/^\?/, "?index&") : "?index"), r !== "/" && (o.pathname = o.pathname === "/" ? r : W([r, o.pathname])), _(o);
}
function vi(t, { relative: n } = {}) {
	let r = e.useContext(xn);
	f(r != null, "`useViewTransitionState` must be used within `react-router-dom`'s `RouterProvider`.  Did you accidentally import `RouterProvider` from `react-router`?");
	let { basename: i } = di("useViewTransitionState"), a = Bn(t, { relative: n });
	if (!r.isTransitioning) return !1;
	let o = H(r.currentLocation.pathname, i) || r.currentLocation.pathname, s = H(r.nextLocation.pathname, i) || r.nextLocation.pathname;
	return se(a.pathname, s) != null || se(a.pathname, o) != null;
}
// a.js
window.x = [
	ii,
	pr,
	si,
	_r,
	vr,
	$,
	Fn,
	zn,
	pi,
	tr,
	oe
];
