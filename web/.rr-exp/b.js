import { BrowserRouter, Routes, Route, Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams, generatePath } from 'react-router';
window.x = [BrowserRouter, Routes, Route, Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams, generatePath];
