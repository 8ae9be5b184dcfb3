import * as e from "react";
// ../../node_modules/react-router/dist/development/chunk-6KYCQHYJ.mjs
var t = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i, n = /^[\\/]{2}/;
function r(e, t) {
	return t + e.replace(/\\/g, "/");
}
var i = "popstate";
function a(e) {
	return typeof e == "object" && !!e && "pathname" in e && "search" in e && "hash" in e && "state" in e && "key" in e;
}
function o(e = {}) {
	function t(e, t) {
		let n = t.state?.masked, { pathname: r, search: i, hash: a } = n || e.location;
		return d("", {
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
		return typeof t == "string" ? t : f(t);
	}
	return m(t, n, null, e);
}
function s(e, t) {
	if (e === !1 || e == null) throw Error(t);
}
function c(e, t) {
	if (!e) {
		typeof console < "u" && console.warn(t);
		try {
			throw Error(t);
		} catch {}
	}
}
function l() {
	return Math.random().toString(36).substring(2, 10);
}
function u(e, t) {
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
function d(e, t, n = null, r, i) {
	return {
		pathname: typeof e == "string" ? e : e.pathname,
		search: "",
		hash: "",
		...typeof t == "string" ? p(t) : t,
		state: n,
		key: t && t.key || r || l(),
		mask: i
	};
}
function f({ pathname: e = "/", search: t = "", hash: n = "" }) {
	return t && t !== "?" && (e += t.charAt(0) === "?" ? t : "?" + t), n && n !== "#" && (e += n.charAt(0) === "#" ? n : "#" + n), e;
}
function p(e) {
	let t = {};
	if (e) {
		let n = e.indexOf("#");
		n >= 0 && (t.hash = e.substring(n), e = e.substring(0, n));
		let r = e.indexOf("?");
		r >= 0 && (t.search = e.substring(r), e = e.substring(0, r)), e && (t.pathname = e);
	}
	return t;
}
function m(e, t, n, r = {}) {
	let { window: o = document.defaultView, v5Compat: s = !1 } = r, c = o.history, l = "POP", f = null, p = m();
	p ?? (p = 0, c.replaceState({
		...c.state,
		idx: p
	}, ""));
	function m() {
		return (c.state || { idx: null }).idx;
	}
	function g() {
		l = "POP";
		let e = m(), t = e == null ? null : e - p;
		p = e, f && f({
			action: l,
			location: b.location,
			delta: t
		});
	}
	function _(e, t) {
		l = "PUSH";
		let r = a(e) ? e : d(b.location, e, t);
		n && n(r, e), p = m() + 1;
		let i = u(r, p), h = b.createHref(r.mask || r);
		try {
			c.pushState(i, "", h);
		} catch (e) {
			if (e instanceof DOMException && e.name === "DataCloneError") throw e;
			o.location.assign(h);
		}
		s && f && f({
			action: l,
			location: b.location,
			delta: 1
		});
	}
	function v(e, t) {
		l = "REPLACE";
		let r = a(e) ? e : d(b.location, e, t);
		n && n(r, e), p = m();
		let i = u(r, p), o = b.createHref(r.mask || r);
		c.replaceState(i, "", o), s && f && f({
			action: l,
			location: b.location,
			delta: 0
		});
	}
	function y(e) {
		return h(o, e);
	}
	let b = {
		get action() {
			return l;
		},
		get location() {
			return e(o, c);
		},
		listen(e) {
			if (f) throw Error("A history only accepts one active listener");
			return o.addEventListener(i, g), f = e, () => {
				o.removeEventListener(i, g), f = null;
			};
		},
		createHref(e) {
			return t(o, e);
		},
		createURL: y,
		encodeLocation(e) {
			let t = y(e);
			return {
				pathname: t.pathname,
				search: t.search,
				hash: t.hash
			};
		},
		push: _,
		replace: v,
		go(e) {
			return c.go(e);
		}
	};
	return b;
}
function h(e, t, r = !1) {
	let i = "http://localhost";
	e && (i = e.location.origin === "null" ? e.location.href : e.location.origin), s(i, "No window.location.(origin|href) available to create URL");
	let a = typeof t == "string" ? t : f(t);
	return a = a.replace(/ $/, "%20"), !r && n.test(a) && (a = i + a), new URL(a, i);
}
function g(e, t, n = "/") {
	return _(e, t, n, !1);
}
function _(e, t, n, r, i) {
	let a = A((typeof t == "string" ? p(t) : t).pathname || "/", n);
	if (a == null) return null;
	let o = i ?? v(e), s = null, c = oe(a);
	for (let e = 0; s == null && e < o.length; ++e) s = O(o[e], c, r);
	return s;
}
function v(e) {
	let t = y(e);
	return x(t), t;
}
function y(e, t = [], n = [], r = "", i = !1) {
	let a = (e, a, o = i, c) => {
		let l = {
			relativePath: c === void 0 ? e.path || "" : c,
			caseSensitive: e.caseSensitive === !0,
			childrenIndex: a,
			route: e
		};
		if (l.relativePath.startsWith("/")) {
			if (!l.relativePath.startsWith(r) && o) return;
			s(l.relativePath.startsWith(r), `Absolute route path "${l.relativePath}" nested under path "${r}" is not valid. An absolute child route path must start with the combined path of all its parent routes.`), l.relativePath = l.relativePath.slice(r.length);
		}
		let u = N([r, l.relativePath]), d = n.concat(l);
		e.children && e.children.length > 0 && (s(e.index !== !0, `Index routes must not have child routes. Please remove all child routes from route path "${u}".`), y(e.children, t, d, u, o)), (e.path != null || e.index) && t.push({
			path: u,
			score: ne(u, e.index),
			routesMeta: d.map((e, t) => {
				let [n, r] = ae(e.relativePath, e.caseSensitive, t === d.length - 1);
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
		else for (let n of b(e.path)) a(e, t, !0, n);
	}), t;
}
function b(e) {
	let t = e.split("/");
	if (t.length === 0) return [];
	let [n, ...r] = t, i = n.endsWith("?"), a = n.replace(/\?$/, "");
	if (r.length === 0) return i ? [a, ""] : [a];
	let o = b(r.join("/")), s = [];
	return s.push(...o.map((e) => e === "" ? a : [a, e].join("/"))), i && s.push(...o), s.map((t) => e.startsWith("/") && t === "" ? "/" : t);
}
function x(e) {
	e.sort((e, t) => e.score === t.score ? D(e.routesMeta.map((e) => e.childrenIndex), t.routesMeta.map((e) => e.childrenIndex)) : t.score - e.score);
}
var S = /^:[\w-]+$/, C = 3, w = 2, T = 1, ee = 10, te = -2, E = (e) => e === "*";
function ne(e, t) {
	let n = e.split("/"), r = n.length;
	return n.some(E) && (r += te), t && (r += w), n.filter((e) => !E(e)).reduce((e, t) => e + (S.test(t) ? C : t === "" ? T : ee), r);
}
function D(e, t) {
	return e.length === t.length && e.slice(0, -1).every((e, n) => e === t[n]) ? e[e.length - 1] - t[t.length - 1] : 0;
}
function O(e, t, n = !1) {
	let { routesMeta: r } = e, i = {}, a = "/", o = [];
	for (let e = 0; e < r.length; ++e) {
		let s = r[e], c = e === r.length - 1, l = a === "/" ? t : t.slice(a.length) || "/", u = {
			path: s.relativePath,
			caseSensitive: s.caseSensitive,
			end: c
		}, d = s.matcher && s.compiledParams ? ie(u, l, s.matcher, s.compiledParams) : k(u, l), f = s.route;
		if (!d && c && n && !r[r.length - 1].route.index && (d = k({
			path: s.relativePath,
			caseSensitive: s.caseSensitive,
			end: !1
		}, l)), !d) return null;
		Object.assign(i, d.params), o.push({
			params: i,
			pathname: N([a, d.pathname]),
			pathnameBase: fe(N([a, d.pathnameBase])),
			route: f
		}), d.pathnameBase !== "/" && (a = N([a, d.pathnameBase]));
	}
	return o;
}
function re(e, t = {}) {
	let n = e;
	n.endsWith("*") && n !== "*" && !n.endsWith("/*") && (c(!1, `Route path "${n}" will be treated as if it were "${n.replace(/\*$/, "/*")}" because the \`*\` character must always follow a \`/\` in the pattern. To get rid of this warning, please change the route path to "${n.replace(/\*$/, "/*")}".`), n = n.replace(/\*$/, "/*"));
	let r = n.startsWith("/") ? "/" : "", i = (e) => e == null ? "" : typeof e == "string" ? e : String(e);
	return r + n.split(/\/+/).map((e, n, r) => {
		if (n === r.length - 1 && e === "*") return i(t["*"]);
		let a = e.match(/^:([\w-]+)(\??)(.*)/);
		if (a) {
			let [, e, n, r] = a, o = t[e];
			return s(n === "?" || o != null, `Missing ":${e}" param`), encodeURIComponent(i(o)) + r;
		}
		return e.replace(/\?$/g, "");
	}).filter((e) => !!e).join("/");
}
function k(e, t) {
	typeof e == "string" && (e = {
		path: e,
		caseSensitive: !1,
		end: !0
	});
	let [n, r] = ae(e.path, e.caseSensitive, e.end);
	return ie(e, t, n, r);
}
function ie(e, t, n, r) {
	let i = t.match(n);
	if (!i) return null;
	let a = i[0], o = P(a, 1), s = i.slice(1);
	return {
		params: r.reduce((e, { paramName: t, isOptional: n }, r) => {
			if (t === "*") {
				let e = s[r] || "";
				o = P(a.slice(0, a.length - e.length), 1);
			}
			let i = s[r];
			return e[t] = n && !i ? void 0 : (i || "").replace(/%2F/g, "/"), e;
		}, {}),
		pathname: a,
		pathnameBase: o,
		pattern: e
	};
}
function ae(e, t = !1, n = !0) {
	c(e === "*" || !e.endsWith("*") || e.endsWith("/*"), `Route path "${e}" will be treated as if it were "${e.replace(/\*$/, "/*")}" because the \`*\` character must always follow a \`/\` in the pattern. To get rid of this warning, please change the route path to "${e.replace(/\*$/, "/*")}".`);
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
function oe(e) {
	try {
		return e.split("/").map((e) => decodeURIComponent(e).replace(/\//g, "%2F")).join("/");
	} catch (t) {
		return c(!1, `The URL path "${e}" could not be decoded because it is a malformed URL segment. This is probably due to a bad percent encoding (${t}).`), e;
	}
}
function A(e, t) {
	if (t === "/") return e;
	if (!e.toLowerCase().startsWith(t.toLowerCase())) return null;
	let n = t.endsWith("/") ? t.length - 1 : t.length, r = e.charAt(n);
	return r && r !== "/" ? null : e.slice(n) || "/";
}
function se(e, t = "/") {
	let { pathname: n, search: r = "", hash: i = "" } = typeof e == "string" ? p(e) : e, a;
	return n ? (n = de(n), a = n.startsWith("/") || n.startsWith("\\") ? ce(n.substring(1), "/") : ce(n, t)) : a = t, {
		pathname: a,
		search: pe(r),
		hash: me(i)
	};
}
function ce(e, t) {
	let n = P(t).split("/");
	return e.split("/").forEach((e) => {
		e === ".." ? n.length > 1 && n.pop() : e !== "." && n.push(e);
	}), n.length > 1 ? n.join("/") : "/";
}
function j(e, t, n, r) {
	return `Cannot include a '${e}' character in a manually specified \`to.${t}\` field [${JSON.stringify(r)}].  Please separate it out to the \`to.${n}\` field. Alternatively you may provide the full path as a string in <Link to="..."> and the router will parse it for you.`;
}
function le(e) {
	return e.filter((e, t) => t === 0 || e.route.path && e.route.path.length > 0);
}
function ue(e) {
	let t = le(e);
	return t.map((e, n) => n === t.length - 1 ? e.pathname : e.pathnameBase);
}
function M(e, t, n, r = !1) {
	let i;
	typeof e == "string" ? i = p(e) : (i = { ...e }, s(!i.pathname || !i.pathname.includes("?"), j("?", "pathname", "search", i)), s(!i.pathname || !i.pathname.includes("#"), j("#", "pathname", "hash", i)), s(!i.search || !i.search.includes("#"), j("#", "search", "hash", i)));
	let a = e === "" || i.pathname === "", o = a ? "/" : i.pathname, c;
	if (o == null) c = n;
	else {
		let e = t.length - 1;
		if (!r && o.startsWith("..")) {
			let t = o.split("/");
			for (; t[0] === "..";) t.shift(), --e;
			i.pathname = t.join("/");
		}
		c = e >= 0 ? t[e] : "/";
	}
	let l = se(i, c), u = o && o !== "/" && o.endsWith("/"), d = (a || o === ".") && n.endsWith("/");
	return !l.pathname.endsWith("/") && (u || d) && (l.pathname += "/"), l;
}
var de = (e) => e.replace(/[\\/]{2,}/g, "/"), N = (e) => de(e.join("/"));
function P(e, t = 0) {
	let n = e.length;
	for (; n > t && e.charCodeAt(n - 1) === 47;) n--;
	return n === e.length ? e : e.slice(0, n);
}
var fe = (e) => P(e).replace(/^\/*/, "/"), pe = (e) => !e || e === "?" ? "" : e.startsWith("?") ? e : "?" + e, me = (e) => !e || e === "#" ? "" : e.startsWith("#") ? e : "#" + e, he = class {
	constructor(e, t, n, r = !1) {
		this.status = e, this.statusText = t || "", this.internal = r, n instanceof Error ? (this.data = n.toString(), this.error = n) : this.data = n;
	}
};
function ge(e) {
	return e != null && typeof e.status == "number" && typeof e.statusText == "string" && typeof e.internal == "boolean" && "data" in e;
}
function _e(e) {
	return N(e.map((e) => e.route.path).filter(Boolean)) || "/";
}
var ve = typeof window < "u" && window.document !== void 0 && window.document.createElement !== void 0;
function ye(e, i) {
	let a = e;
	if (typeof a != "string" || !t.test(a)) return {
		absoluteURL: void 0,
		isExternal: !1,
		to: a
	};
	let o = a, s = !1;
	if (ve) try {
		let e = new URL(window.location.href), t = n.test(a) ? new URL(r(a, e.protocol)) : new URL(a), o = A(t.pathname, i);
		t.origin === e.origin && o != null ? a = o + t.search + t.hash : s = !0;
	} catch {
		c(!1, `<Link to="${a}"> contains an invalid URL which will probably break when clicked - please update to a valid URL path.`);
	}
	return {
		absoluteURL: o,
		isExternal: s,
		to: a
	};
}
Object.getOwnPropertyNames(Object.prototype).sort().join("\0");
var be = new URL("http://localhost");
function F(e) {
	if (e.createURL) return e.createURL("/");
	try {
		return new URL(e.createHref("/"), be);
	} catch {
		return be;
	}
}
function I(e, t) {
	return e.origin === t.origin && (e.origin !== "null" || e.protocol === t.protocol && e.host === t.host);
}
function xe(e, t) {
	if (e.startsWith("//")) return !0;
	let n = t.protocol.toLowerCase();
	return e.toLowerCase().startsWith(n) ? t.host === "" || e.slice(n.length).startsWith("//") : !1;
}
function L(e, t, n, r) {
	let i = null;
	try {
		i = e == null ? null : new URL(e, n);
	} catch {}
	let a = new URL(t, n), o = i != null && !I(i, n), s = !I(a, n);
	if (r === "reject") {
		if (o || s) throw Error("External navigation is not allowed");
	} else if (s && (i == null || !xe(e, i) || !I(i, a))) throw Error("External navigation is not allowed");
}
var Se = [
	"POST",
	"PUT",
	"PATCH",
	"DELETE"
];
new Set(Se);
var Ce = ["GET", ...Se];
new Set(Ce);
var we = [
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
function Te(e) {
	try {
		return we.includes(new URL(e).protocol);
	} catch {
		return !1;
	}
}
var R = e.createContext(null);
R.displayName = "DataRouter";
var z = e.createContext(null);
z.displayName = "DataRouterState";
var Ee = e.createContext(!1);
function De() {
	return e.useContext(Ee);
}
var Oe = e.createContext({ isTransitioning: !1 });
Oe.displayName = "ViewTransition";
var ke = e.createContext(/* @__PURE__ */ new Map());
ke.displayName = "Fetchers";
var Ae = e.createContext(null);
Ae.displayName = "Await";
var B = e.createContext(null);
B.displayName = "Navigation";
var V = e.createContext(null);
V.displayName = "Location";
var H = e.createContext({
	outlet: null,
	matches: [],
	isDataRoute: !1
});
H.displayName = "Route";
var U = e.createContext(null);
U.displayName = "RouteError";
var je = "REACT_ROUTER_ERROR", Me = "REDIRECT", Ne = "ROUTE_ERROR_RESPONSE";
function Pe(e) {
	if (e.startsWith(`${je}:${Me}:{`)) try {
		let t = JSON.parse(e.slice(28));
		if (typeof t == "object" && t && typeof t.status == "number" && typeof t.statusText == "string" && typeof t.location == "string" && typeof t.reloadDocument == "boolean" && typeof t.replace == "boolean") return t;
	} catch {}
}
function Fe(e) {
	if (e.startsWith(`${je}:${Ne}:{`)) try {
		let t = JSON.parse(e.slice(40));
		if (typeof t == "object" && t && typeof t.status == "number" && typeof t.statusText == "string") return new he(t.status, t.statusText, t.data);
	} catch {}
}
function Ie(t, { relative: n } = {}) {
	s(W(), "useHref() may be used only in the context of a <Router> component.");
	let { basename: r, navigator: i } = e.useContext(B), { hash: a, pathname: o, search: c } = q(t, { relative: n }), l = o;
	return r !== "/" && (l = o === "/" ? r : N([r, o])), i.createHref({
		pathname: l,
		search: c,
		hash: a
	});
}
function W() {
	return e.useContext(V) != null;
}
function G() {
	return s(W(), "useLocation() may be used only in the context of a <Router> component."), e.useContext(V).location;
}
var Le = "You should call navigate() in a React.useEffect(), not when your component is first rendered.";
function Re(t) {
	e.useContext(B).static || e.useLayoutEffect(t);
}
function K() {
	let { isDataRoute: t } = e.useContext(H);
	return t ? at() : ze();
}
function ze() {
	s(W(), "useNavigate() may be used only in the context of a <Router> component.");
	let t = e.useContext(R), { basename: n, navigator: r } = e.useContext(B), { matches: i } = e.useContext(H), { pathname: a } = G(), o = JSON.stringify(ue(i)), l = e.useRef(!1);
	return Re(() => {
		l.current = !0;
	}), e.useCallback((e, i = {}) => {
		if (c(l.current, Le), !l.current) return;
		if (typeof e == "number") {
			r.go(e);
			return;
		}
		let s = M(e, JSON.parse(o), a, i.relative === "path");
		t == null && n !== "/" && (s.pathname = s.pathname === "/" ? n : N([n, s.pathname])), L(typeof e == "string" ? e : f(e), r.createHref(s), F(r), "reject"), (i.replace ? r.replace : r.push)(s, i.state, i);
	}, [
		n,
		r,
		o,
		a,
		t
	]);
}
var Be = e.createContext(null);
function Ve(t) {
	let n = e.useContext(H).outlet;
	return e.useMemo(() => n && /* @__PURE__ */ e.createElement(Be.Provider, { value: t }, n), [n, t]);
}
function He() {
	let { matches: t } = e.useContext(H);
	return t[t.length - 1]?.params ?? {};
}
function q(t, { relative: n } = {}) {
	let { matches: r } = e.useContext(H), { pathname: i } = G(), a = JSON.stringify(ue(r));
	return e.useMemo(() => M(t, JSON.parse(a), i, n === "path"), [
		t,
		a,
		i,
		n
	]);
}
function Ue(e, t) {
	return We(e, t);
}
function We(t, n, r) {
	s(W(), "useRoutes() may be used only in the context of a <Router> component.");
	let { navigator: i } = e.useContext(B), { matches: a } = e.useContext(H), o = a[a.length - 1], l = o ? o.params : {}, u = o ? o.pathname : "/", d = o ? o.pathnameBase : "/", f = o && o.route;
	{
		let e = f && f.path || "";
		st(u, !f || e.endsWith("*") || e.endsWith("*?"), `You rendered descendant <Routes> (or called \`useRoutes()\`) at "${u}" (under <Route path="${e}">) but the parent route path has no trailing "*". This means if you navigate deeper, the parent won't match anymore and therefore the child routes will never render.

Please change the parent <Route path="${e}"> to <Route path="${e === "/" ? "*" : `${e}/*`}">.`);
	}
	let m = G(), h;
	if (n) {
		let e = typeof n == "string" ? p(n) : n;
		s(d === "/" || e.pathname?.startsWith(d), `When overriding the location using \`<Routes location>\` or \`useRoutes(routes, location)\`, the location pathname must begin with the portion of the URL pathname that was matched by all parent routes. The current pathname base is "${d}" but pathname "${e.pathname}" was given in the \`location\` prop.`), h = e;
	} else h = m;
	let _ = h.pathname || "/", v = _;
	if (d !== "/") {
		let e = d.replace(/^\//, "").split("/");
		v = "/" + _.replace(/^\//, "").split("/").slice(e.length).join("/");
	}
	let y = r && r.state.matches.length ? r.state.matches.map((e) => Object.assign(e, { route: r.manifest[e.route.id] || e.route })) : g(t, { pathname: v });
	c(f || y != null, `No routes matched location "${h.pathname}${h.search}${h.hash}" `), c(y == null || y[y.length - 1].route.element !== void 0 || y[y.length - 1].route.Component !== void 0 || y[y.length - 1].route.lazy !== void 0, `Matched leaf route at location "${h.pathname}${h.search}${h.hash}" does not have an element or Component. This means it will render an <Outlet /> with a null value by default resulting in an "empty" page.`);
	let b = Ze(y && y.map((e) => Object.assign({}, e, {
		params: Object.assign({}, l, e.params),
		pathname: N([d, i.encodeLocation ? i.encodeLocation(e.pathname.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23")).pathname : e.pathname]),
		pathnameBase: e.pathnameBase === "/" ? d : N([d, i.encodeLocation ? i.encodeLocation(e.pathnameBase.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23")).pathname : e.pathnameBase])
	})), a, r);
	return n && b ? /* @__PURE__ */ e.createElement(V.Provider, { value: {
		location: {
			pathname: "/",
			search: "",
			hash: "",
			state: null,
			key: "default",
			mask: void 0,
			...h
		},
		navigationType: "POP"
	} }, b) : b;
}
function Ge() {
	let t = it(), n = ge(t) ? `${t.status} ${t.statusText}` : t instanceof Error ? t.message : JSON.stringify(t), r = t instanceof Error ? t.stack : null, i = "rgba(200,200,200, 0.5)", a = {
		padding: "0.5rem",
		backgroundColor: i
	}, o = {
		padding: "2px 4px",
		backgroundColor: i
	}, s = null;
	return console.error("Error handled by React Router default ErrorBoundary:", t), s = /* @__PURE__ */ e.createElement(e.Fragment, null, /* @__PURE__ */ e.createElement("p", null, "💿 Hey developer 👋"), /* @__PURE__ */ e.createElement("p", null, "You can provide a way better UX than this when your app throws errors by providing your own ", /* @__PURE__ */ e.createElement("code", { style: o }, "ErrorBoundary"), " or", " ", /* @__PURE__ */ e.createElement("code", { style: o }, "errorElement"), " prop on your route.")), /* @__PURE__ */ e.createElement(e.Fragment, null, /* @__PURE__ */ e.createElement("h2", null, "Unexpected Application Error!"), /* @__PURE__ */ e.createElement("h3", { style: { fontStyle: "italic" } }, n), r ? /* @__PURE__ */ e.createElement("pre", { style: a }, r) : null, s);
}
var Ke = /* @__PURE__ */ e.createElement(Ge, null), qe = class extends e.Component {
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
			let e = Fe(t.digest);
			e && (t = e);
		}
		let n = t === void 0 ? this.props.children : /* @__PURE__ */ e.createElement(H.Provider, { value: this.props.routeContext }, /* @__PURE__ */ e.createElement(U.Provider, {
			value: t,
			children: this.props.component
		}));
		return this.context ? /* @__PURE__ */ e.createElement(Ye, { error: t }, n) : n;
	}
};
qe.contextType = Ee;
var Je = /* @__PURE__ */ new WeakMap();
function Ye({ children: t, error: n }) {
	let { basename: r, navigator: i } = e.useContext(B);
	if (typeof n == "object" && n && "digest" in n && typeof n.digest == "string") {
		let t = Pe(n.digest);
		if (t) {
			let a = Je.get(n);
			if (a) throw a;
			let o = ye(t.location, r), s = o.absoluteURL || o.to;
			if (L(t.location, s, F(i), "allow-explicit"), Te(s)) throw Error("Invalid redirect location");
			if (ve && !Je.get(n)) {
				if (o.isExternal || t.reloadDocument) window.location.href = s;
				else {
					let e = Promise.resolve().then(() => window.__reactRouterDataRouter.navigate(o.to, { replace: t.replace }));
					throw Je.set(n, e), e;
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
function Xe({ routeContext: t, match: n, children: r }) {
	let i = e.useContext(R);
	return i && i.static && i.staticContext && (n.route.errorElement || n.route.ErrorBoundary) && (i.staticContext._deepestRenderedBoundaryId = n.route.id), /* @__PURE__ */ e.createElement(H.Provider, { value: t }, r);
}
function Ze(t, n = [], r) {
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
		s(e >= 0, `Could not find a matching route for errors on route IDs: ${Object.keys(o).join(",")}`), a = a.slice(0, Math.min(a.length, e + 1));
	}
	let c = !1, l = -1;
	if (r && i) {
		c = i.renderFallback;
		for (let e = 0; e < a.length; e++) {
			let t = a[e];
			if ((t.route.HydrateFallback || t.route.hydrateFallbackElement) && (l = e), t.route.id) {
				let { loaderData: e, errors: n } = i, o = t.route.loader && !e.hasOwnProperty(t.route.id) && (!n || n[t.route.id] === void 0);
				if (t.route.lazy || o) {
					r.isStatic && (c = !0), a = l >= 0 ? a.slice(0, l + 1) : [a[0]];
					break;
				}
			}
		}
	}
	let u = r?.onError, d = i && u ? (e, t) => {
		u(e, {
			location: i.location,
			params: i.matches?.[0]?.params ?? {},
			pattern: _e(i.matches),
			errorInfo: t
		});
	} : void 0;
	return a.reduceRight((t, r, s) => {
		let u, f = !1, p = null, m = null;
		i && (u = o && r.route.id ? o[r.route.id] : void 0, p = r.route.errorElement || Ke, c && (l < 0 && s === 0 ? (st("route-fallback", !1, "No `HydrateFallback` element provided to render during initial hydration"), f = !0, m = null) : l === s && (f = !0, m = r.route.hydrateFallbackElement || null)));
		let h = n.concat(a.slice(0, s + 1)), g = () => {
			let n;
			return n = u ? p : f ? m : r.route.Component ? /* @__PURE__ */ e.createElement(r.route.Component, null) : r.route.element ? r.route.element : t, /* @__PURE__ */ e.createElement(Xe, {
				match: r,
				routeContext: {
					outlet: t,
					matches: h,
					isDataRoute: i != null
				},
				children: n
			});
		};
		return i && (r.route.ErrorBoundary || r.route.errorElement || s === 0) ? /* @__PURE__ */ e.createElement(qe, {
			location: i.location,
			revalidation: i.revalidation,
			component: p,
			error: u,
			children: g(),
			routeContext: {
				outlet: null,
				matches: h,
				isDataRoute: !0
			},
			onError: d
		}) : g();
	}, null);
}
function Qe(e) {
	return `${e} must be used within a data router.  See https://reactrouter.com/en/main/routers/picking-a-router.`;
}
function $e(t) {
	let n = e.useContext(R);
	return s(n, Qe(t)), n;
}
function et(t) {
	let n = e.useContext(z);
	return s(n, Qe(t)), n;
}
function tt(t) {
	let n = e.useContext(H);
	return s(n, Qe(t)), n;
}
function nt(e) {
	let t = tt(e), n = t.matches[t.matches.length - 1];
	return s(n.route.id, `${e} can only be used on routes that contain a unique "id"`), n.route.id;
}
function rt() {
	return nt("useRouteId");
}
function it() {
	let t = e.useContext(U), n = et("useRouteError"), r = nt("useRouteError");
	return t === void 0 ? n.errors?.[r] : t;
}
function at() {
	let { router: t } = $e("useNavigate"), n = nt("useNavigate"), r = e.useRef(!1);
	return Re(() => {
		r.current = !0;
	}), e.useCallback(async (e, i = {}) => {
		c(r.current, Le), r.current && (typeof e == "number" ? await t.navigate(e) : await t.navigate(e, {
			fromRouteId: n,
			...i
		}));
	}, [t, n]);
}
var ot = {};
function st(e, t, n) {
	!t && !ot[e] && (ot[e] = !0, c(!1, n));
}
e.memo(ct);
function ct({ routes: e, manifest: t, future: n, state: r, isStatic: i, onError: a }) {
	return We(e, void 0, {
		manifest: t,
		state: r,
		isStatic: i,
		onError: a,
		future: n
	});
}
function lt({ to: t, replace: n, state: r, relative: i }) {
	s(W(), "<Navigate> may be used only in the context of a <Router> component.");
	let { static: a, navigator: o } = e.useContext(B);
	c(!a, "<Navigate> must not be used on the initial render in a <StaticRouter>. This is a no-op, but you should modify your code so the <Navigate> is only ever rendered in response to some user interaction or state change.");
	let { matches: l } = e.useContext(H), { pathname: u } = G(), d = K(), p = M(t, ue(l), u, i === "path");
	L(typeof t == "string" ? t : f(t), o.createHref(p), F(o), "reject");
	let m = JSON.stringify(p);
	return e.useEffect(() => {
		d(JSON.parse(m), {
			replace: n,
			state: r,
			relative: i
		});
	}, [
		d,
		m,
		i,
		n,
		r
	]), null;
}
function ut(e) {
	return Ve(e.context);
}
function dt(e) {
	s(!1, "A <Route> is only ever to be used as the child of <Routes> element, never rendered directly. Please wrap your <Route> in a <Routes>.");
}
function ft({ basename: t = "/", children: n = null, location: r, navigationType: i = "POP", navigator: a, static: o = !1, useTransitions: l }) {
	s(!W(), "You cannot render a <Router> inside another <Router>. You should never have more than one in your app.");
	let u = t.replace(/^\/*/, "/"), d = e.useMemo(() => ({
		basename: u,
		navigator: a,
		static: o,
		useTransitions: l,
		future: {}
	}), [
		u,
		a,
		o,
		l
	]);
	typeof r == "string" && (r = p(r));
	let { pathname: f = "/", search: m = "", hash: h = "", state: g = null, key: _ = "default", mask: v } = r, y = e.useMemo(() => {
		let e = A(f, u);
		return e == null ? null : {
			location: {
				pathname: e,
				search: m,
				hash: h,
				state: g,
				key: _,
				mask: v
			},
			navigationType: i
		};
	}, [
		u,
		f,
		m,
		h,
		g,
		_,
		i,
		v
	]);
	return c(y != null, `<Router basename="${u}"> is not able to match the URL "${f}${m}${h}" because it does not start with the basename, so the <Router> won't render anything.`), y == null ? null : /* @__PURE__ */ e.createElement(B.Provider, { value: d }, /* @__PURE__ */ e.createElement(V.Provider, {
		children: n,
		value: y
	}));
}
function pt({ children: e, location: t }) {
	return Ue(mt(e), t);
}
e.Component;
function mt(t, n = []) {
	let r = [];
	return e.Children.forEach(t, (t, i) => {
		if (!e.isValidElement(t)) return;
		let a = [...n, i];
		if (t.type === e.Fragment) {
			r.push.apply(r, mt(t.props.children, a));
			return;
		}
		s(t.type === dt, `[${typeof t.type == "string" ? t.type : t.type.name}] is not a <Route> component. All component children of <Routes> must be a <Route> or <React.Fragment>`), s(!t.props.index || !t.props.children, "An index route cannot have child routes.");
		let o = {
			id: t.props.id || a.join("-"),
			caseSensitive: t.props.caseSensitive,
			element: t.props.element,
			Component: t.props.Component,
			index: t.props.index,
			path: t.props.path,
			middleware: t.props.middleware,
			loader: t.props.loader,
			action: t.props.action,
			hydrateFallbackElement: t.props.hydrateFallbackElement,
			HydrateFallback: t.props.HydrateFallback,
			errorElement: t.props.errorElement,
			ErrorBoundary: t.props.ErrorBoundary,
			hasErrorBoundary: t.props.hasErrorBoundary === !0 || t.props.ErrorBoundary != null || t.props.errorElement != null,
			shouldRevalidate: t.props.shouldRevalidate,
			handle: t.props.handle,
			lazy: t.props.lazy
		};
		t.props.children && (o.children = mt(t.props.children, a)), r.push(o);
	}), r;
}
var J = "get", Y = "application/x-www-form-urlencoded";
function X(e) {
	return typeof HTMLElement < "u" && e instanceof HTMLElement;
}
function ht(e) {
	return X(e) && e.tagName.toLowerCase() === "button";
}
function gt(e) {
	return X(e) && e.tagName.toLowerCase() === "form";
}
function _t(e) {
	return X(e) && e.tagName.toLowerCase() === "input";
}
function vt(e) {
	return !!(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);
}
function yt(e, t) {
	return e.button === 0 && (!t || t === "_self") && !vt(e);
}
function bt(e = "") {
	return new URLSearchParams(typeof e == "string" || Array.isArray(e) || e instanceof URLSearchParams ? e : Object.keys(e).reduce((t, n) => {
		let r = e[n];
		return t.concat(Array.isArray(r) ? r.map((e) => [n, e]) : [[n, r]]);
	}, []));
}
function xt(e, t) {
	let n = bt(e);
	return t && t.forEach((e, r) => {
		n.has(r) || t.getAll(r).forEach((e) => {
			n.append(r, e);
		});
	}), n;
}
var Z = null;
function St() {
	if (Z === null) try {
		new FormData(document.createElement("form"), 0), Z = !1;
	} catch {
		Z = !0;
	}
	return Z;
}
var Ct = /* @__PURE__ */ new Set([
	"application/x-www-form-urlencoded",
	"multipart/form-data",
	"text/plain"
]);
function wt(e) {
	return e != null && !Ct.has(e) ? (c(!1, `"${e}" is not a valid \`encType\` for \`<Form>\`/\`<fetcher.Form>\` and will default to "${Y}"`), null) : e;
}
function Tt(e, t) {
	let n, r, i, a, o;
	if (gt(e)) {
		let o = e.getAttribute("action");
		r = o ? A(o, t) : null, n = e.getAttribute("method") || J, i = wt(e.getAttribute("enctype")) || Y, a = new FormData(e);
	} else if (ht(e) || _t(e) && (e.type === "submit" || e.type === "image")) {
		let o = e.form;
		if (o == null) throw Error("Cannot submit a <button> or <input type=\"submit\"> without a <form>");
		let s = e.getAttribute("formaction") || o.getAttribute("action");
		if (r = s ? A(s, t) : null, n = e.getAttribute("formmethod") || o.getAttribute("method") || J, i = wt(e.getAttribute("formenctype")) || wt(o.getAttribute("enctype")) || Y, a = new FormData(o, e), !St()) {
			let { name: t, type: n, value: r } = e;
			if (n === "image") {
				let e = t ? `${t}.` : "";
				a.append(`${e}x`, "0"), a.append(`${e}y`, "0");
			} else t && a.append(t, r);
		}
	} else if (X(e)) throw Error("Cannot submit element that is not <form>, <button>, or <input type=\"submit|image\">");
	else n = J, r = null, i = Y, o = e;
	return a && i === "text/plain" && (o = a, a = void 0), {
		action: r,
		method: n.toLowerCase(),
		encType: i,
		formData: a,
		body: o
	};
}
Object.getOwnPropertyNames(Object.prototype).sort().join("\0");
function Et(e, t) {
	if (e === !1 || e == null) throw Error(t);
}
function Dt(e, t, n, r) {
	let i = typeof e == "string" ? new URL(e, typeof window > "u" ? "server://singlefetch/" : window.location.origin) : e;
	return i.pathname = n ? i.pathname.endsWith("/") ? `${i.pathname}_.${r}` : `${i.pathname}.${r}` : i.pathname === "/" ? `_root.${r}` : t && A(i.pathname, t) === "/" ? `${P(t)}/_root.${r}` : `${P(i.pathname)}.${r}`, i;
}
async function Ot(e, t) {
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
function kt(e) {
	return e != null && typeof e.page == "string";
}
function At(e) {
	return e == null ? !1 : e.href == null ? e.rel === "preload" && typeof e.imageSrcSet == "string" && typeof e.imageSizes == "string" : typeof e.rel == "string" && typeof e.href == "string";
}
async function jt(e, t, n) {
	return It((await Promise.all(e.map(async (e) => {
		let r = t.routes[e.route.id];
		if (r) {
			let e = await Ot(r, n);
			return e.links ? e.links() : [];
		}
		return [];
	}))).flat(1).filter(At).filter((e) => e.rel === "stylesheet" || e.rel === "preload").map((e) => e.rel === "stylesheet" ? {
		...e,
		rel: "prefetch",
		as: "style"
	} : {
		...e,
		rel: "prefetch"
	}));
}
function Mt(e, t, n, r, i, a) {
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
function Nt(e, t, { includeHydrateFallback: n } = {}) {
	return Pt(e.map((e) => {
		let r = t.routes[e.route.id];
		if (!r) return [];
		let i = [r.module];
		return r.clientActionModule && (i = i.concat(r.clientActionModule)), r.clientLoaderModule && (i = i.concat(r.clientLoaderModule)), n && r.hydrateFallbackModule && (i = i.concat(r.hydrateFallbackModule)), r.imports && (i = i.concat(r.imports)), i;
	}).flat(1));
}
function Pt(e) {
	return [...new Set(e)];
}
function Ft(e) {
	let t = {}, n = Object.keys(e).sort();
	for (let r of n) t[r] = e[r];
	return t;
}
function It(e, t) {
	let n = /* @__PURE__ */ new Set(), r = new Set(t);
	return e.reduce((e, i) => {
		if (t && !kt(i) && i.as === "script" && i.href && r.has(i.href)) return e;
		let a = JSON.stringify(Ft(i));
		return n.has(a) || (n.add(a), e.push({
			key: a,
			link: i
		})), e;
	}, []);
}
function Lt() {
	let t = e.useContext(R);
	return Et(t, "You must render this element inside a <DataRouterContext.Provider> element"), t;
}
function Rt() {
	let t = e.useContext(z);
	return Et(t, "You must render this element inside a <DataRouterStateContext.Provider> element"), t;
}
var zt = e.createContext(void 0);
zt.displayName = "FrameworkContext";
function Q() {
	let t = e.useContext(zt);
	return Et(t, "You must render this element inside a <HydratedRouter> element"), t;
}
function Bt(t, n) {
	let r = e.useContext(zt), [i, a] = e.useState(!1), [o, s] = e.useState(!1), { onFocus: c, onBlur: l, onMouseEnter: u, onMouseLeave: d, onTouchStart: f } = n, p = e.useRef(null);
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
			onFocus: $(c, m),
			onBlur: $(l, h),
			onMouseEnter: $(u, m),
			onMouseLeave: $(d, h),
			onTouchStart: $(f, m)
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
function $(e, t) {
	return (n) => {
		e && e(n), n.defaultPrevented || t(n);
	};
}
function Vt({ page: t, ...n }) {
	let r = De(), { nonce: i } = Q(), { router: a } = Lt(), o = e.useMemo(() => g(a.routes, t, a.basename), [
		a.routes,
		t,
		a.basename
	]);
	return o ? (n.nonce == null && i && (n = {
		...n,
		nonce: i
	}), r ? /* @__PURE__ */ e.createElement(Ut, {
		page: t,
		matches: o,
		...n
	}) : /* @__PURE__ */ e.createElement(Wt, {
		page: t,
		matches: o,
		...n
	})) : null;
}
function Ht(t) {
	let { manifest: n, routeModules: r } = Q(), [i, a] = e.useState([]);
	return e.useEffect(() => {
		let e = !1;
		return jt(t, n, r).then((t) => {
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
function Ut({ page: t, matches: n, ...r }) {
	let i = G(), { future: a } = Q(), { basename: o } = Lt(), s = e.useMemo(() => {
		if (t === i.pathname + i.search + i.hash) return [];
		let e = Dt(t, o, a.v8_trailingSlashAwareDataRequests, "rsc"), r = !1, s = [];
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
function Wt({ page: t, matches: n, ...r }) {
	let i = G(), { future: a, manifest: o, routeModules: s } = Q(), { basename: c } = Lt(), { loaderData: l, matches: u } = Rt(), d = e.useMemo(() => Mt(t, n, u, o, i, "data"), [
		t,
		n,
		u,
		o,
		i
	]), f = e.useMemo(() => Mt(t, n, u, o, i, "assets"), [
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
		let u = Dt(t, c, a.v8_trailingSlashAwareDataRequests, "data");
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
	]), m = e.useMemo(() => Nt(f, o), [f, o]), h = Ht(f);
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
function Gt(...e) {
	return (t) => {
		e.forEach((e) => {
			typeof e == "function" ? e(t) : e != null && (e.current = t);
		});
	};
}
e.Component;
var Kt = typeof window < "u" && window.document !== void 0 && window.document.createElement !== void 0;
try {
	Kt && (window.__reactRouterVersion = "7.18.5");
} catch {}
function qt({ basename: t, children: n, useTransitions: r, window: i }) {
	let a = e.useRef();
	a.current ??= o({
		window: i,
		v5Compat: !0
	});
	let s = a.current, [c, l] = e.useState({
		action: s.action,
		location: s.location
	}), u = e.useCallback((t) => {
		r === !1 ? l(t) : e.startTransition(() => l(t));
	}, [r]);
	return e.useLayoutEffect(() => s.listen(u), [s, u]), /* @__PURE__ */ e.createElement(ft, {
		basename: t,
		children: n,
		location: c.location,
		navigationType: c.action,
		navigator: s,
		useTransitions: r
	});
}
var Jt = e.forwardRef(function({ onClick: n, discover: r = "render", prefetch: i = "none", relative: a, reloadDocument: o, replace: s, mask: c, state: l, target: u, to: d, preventScrollReset: f, viewTransition: p, defaultShouldRevalidate: m, ...h }, g) {
	let { basename: _, navigator: v, useTransitions: y } = e.useContext(B), b = typeof d == "string" && t.test(d), x = ye(d, _);
	d = x.to;
	let S = Ie(d, { relative: a }), C = G(), w = null;
	if (c) {
		let e = M(c, [], C.mask ? C.mask.pathname : "/", !0);
		_ !== "/" && (e.pathname = e.pathname === "/" ? _ : N([_, e.pathname])), w = v.createHref(e);
	}
	let [T, ee, te] = Bt(i, h), E = $t(d, {
		replace: s,
		mask: c,
		state: l,
		target: u,
		preventScrollReset: f,
		relative: a,
		viewTransition: p,
		defaultShouldRevalidate: m,
		useTransitions: y
	});
	function ne(e) {
		n && n(e), e.defaultPrevented || E(e);
	}
	let D = !(x.isExternal || o), O = /* @__PURE__ */ e.createElement("a", {
		...h,
		...te,
		href: (D ? w : void 0) || x.absoluteURL || S,
		onClick: D ? ne : n,
		ref: Gt(g, ee),
		target: u,
		"data-discover": !b && r === "render" ? "true" : void 0
	});
	return T && !b ? /* @__PURE__ */ e.createElement(e.Fragment, null, O, /* @__PURE__ */ e.createElement(Vt, { page: S })) : O;
});
Jt.displayName = "Link";
var Yt = e.forwardRef(function({ "aria-current": t = "page", caseSensitive: n = !1, className: r = "", end: i = !1, style: a, to: o, viewTransition: s, children: c, ...l }, u) {
	let d = q(o, { relative: l.relative }), f = G(), p = e.useContext(z), { navigator: m, basename: h } = e.useContext(B), g = p != null && on(d) && s === !0, _ = m.encodeLocation ? m.encodeLocation(d).pathname : d.pathname, v = f.pathname, y = p && p.navigation && p.navigation.location ? p.navigation.location.pathname : null;
	n || (v = v.toLowerCase(), y = y ? y.toLowerCase() : null, _ = _.toLowerCase()), y && h && (y = A(y, h) || y);
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
	let ee = typeof a == "function" ? a(C) : a;
	return /* @__PURE__ */ e.createElement(Jt, {
		...l,
		"aria-current": w,
		className: T,
		ref: u,
		style: ee,
		to: o,
		viewTransition: s
	}, typeof c == "function" ? c(C) : c);
});
Yt.displayName = "NavLink";
var Xt = e.forwardRef(({ discover: n = "render", fetcherKey: r, navigate: i, reloadDocument: a, replace: o, state: s, method: c = J, action: l, onSubmit: u, relative: d, preventScrollReset: f, viewTransition: p, defaultShouldRevalidate: m, ...h }, g) => {
	let { useTransitions: _ } = e.useContext(B), v = rn(), y = an(l, { relative: d }), b = c.toLowerCase() === "get" ? "get" : "post", x = typeof l == "string" && t.test(l);
	return /* @__PURE__ */ e.createElement("form", {
		ref: g,
		method: b,
		action: y,
		onSubmit: a ? u : (t) => {
			if (u && u(t), t.defaultPrevented) return;
			t.preventDefault();
			let n = t.nativeEvent.submitter, a = n?.getAttribute("formmethod") || c, l = () => v(n || t.currentTarget, {
				fetcherKey: r,
				method: a,
				navigate: i,
				replace: o,
				state: s,
				relative: d,
				preventScrollReset: f,
				viewTransition: p,
				defaultShouldRevalidate: m
			});
			_ && i !== !1 ? e.startTransition(() => l()) : l();
		},
		...h,
		"data-discover": !x && n === "render" ? "true" : void 0
	});
});
Xt.displayName = "Form";
function Zt(e) {
	return `${e} must be used within a data router.  See https://reactrouter.com/en/main/routers/picking-a-router.`;
}
function Qt(t) {
	let n = e.useContext(R);
	return s(n, Zt(t)), n;
}
function $t(t, { target: n, replace: r, mask: i, state: a, preventScrollReset: o, relative: s, viewTransition: c, defaultShouldRevalidate: l, useTransitions: u } = {}) {
	let d = K(), p = G(), m = q(t, { relative: s });
	return e.useCallback((h) => {
		if (yt(h, n)) {
			h.preventDefault();
			let n = r === void 0 ? f(p) === f(m) : r, g = () => d(t, {
				replace: n,
				mask: i,
				state: a,
				preventScrollReset: o,
				relative: s,
				viewTransition: c,
				defaultShouldRevalidate: l
			});
			u ? e.startTransition(() => g()) : g();
		}
	}, [
		p,
		d,
		m,
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
function en(t) {
	c(typeof URLSearchParams < "u", "You cannot use the `useSearchParams` hook in a browser that does not support the URLSearchParams API. If you need to support Internet Explorer 11, we recommend you load a polyfill such as https://github.com/ungap/url-search-params.");
	let n = e.useRef(bt(t)), r = e.useRef(!1), i = G(), a = e.useMemo(() => xt(i.search, r.current ? null : n.current), [i.search]), o = K();
	return [a, e.useCallback((e, t) => {
		let n = bt(typeof e == "function" ? e(new URLSearchParams(a)) : e);
		r.current = !0, o("?" + n, t);
	}, [o, a])];
}
var tn = 0, nn = () => `__${String(++tn)}__`;
function rn() {
	let { router: t } = Qt("useSubmit"), { basename: n } = e.useContext(B), r = rt(), i = t.fetch, a = t.navigate;
	return e.useCallback(async (e, t = {}) => {
		let { action: o, method: s, encType: c, formData: l, body: u } = Tt(e, n);
		if (t.navigate === !1) {
			let e = t.fetcherKey || nn();
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
function an(t, { relative: n } = {}) {
	let { basename: r } = e.useContext(B), i = e.useContext(H);
	s(i, "useFormAction must be used inside a RouteContext");
	let [a] = i.matches.slice(-1), o = { ...q(t || ".", { relative: n }) }, c = G();
	if (t == null) {
		o.search = c.search;
		let e = new URLSearchParams(o.search), t = e.getAll("index");
		if (t.some((e) => e === "")) {
			e.delete("index"), t.filter((e) => e).forEach((t) => e.append("index", t));
			let n = e.toString();
			o.search = n ? `?${n}` : "";
		}
	}
	return (!t || t === ".") && a.route.index && (o.search = o.search ? o.search.replace(/^\?/, "?index&") : "?index"), r !== "/" && (o.pathname = o.pathname === "/" ? r : N([r, o.pathname])), f(o);
}
function on(t, { relative: n } = {}) {
	let r = e.useContext(Oe);
	s(r != null, "`useViewTransitionState` must be used within `react-router-dom`'s `RouterProvider`.  Did you accidentally import `RouterProvider` from `react-router`?");
	let { basename: i } = Qt("useViewTransitionState"), a = q(t, { relative: n });
	if (!r.isTransitioning) return !1;
	let o = A(r.currentLocation.pathname, i) || r.currentLocation.pathname, c = A(r.nextLocation.pathname, i) || r.nextLocation.pathname;
	return k(a.pathname, c) != null || k(a.pathname, o) != null;
}
// b.js
window.x = [
	qt,
	pt,
	dt,
	Jt,
	lt,
	ut,
	G,
	K,
	He,
	en,
	re
];
