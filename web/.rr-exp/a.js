import { createBrowserRouter, RouterProvider, Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams, useRouteError, generatePath } from 'react-router';
window.x = [createBrowserRouter, RouterProvider, Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams, useRouteError, generatePath];
